import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import type { ModelView } from "#domain/models";
import { strengthRange, type ComposerLearningView } from "#domain/training";
import { Picker } from "../ui/picker";

/** A labelled 0–1.5 slider, its value said beside it. */
function StrengthSlider(props: { label: string; hint: string; value: number; onChange(value: number): void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium">
          {props.label}
        </label>
        <output htmlFor={id} className="text-sm text-neutral-600 tabular-nums dark:text-neutral-400">
          {props.value.toFixed(1)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={strengthRange.min}
        max={strengthRange.max}
        step={0.1}
        value={props.value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => props.onChange(Number(event.target.value))}
        className="w-full accent-primary-600"
      />
      <p id={`${id}-hint`} className="text-sm text-neutral-500 dark:text-neutral-400">
        {props.hint}
      </p>
    </div>
  );
}

/**
 * The composer's character and trained-model choices: a character of the workspace drawn as every
 * object (its strength approximate on models without a character reference), and the strength of
 * the style's or character's trained model where it has one on the chosen model. `body` is what the
 * request adds; `fields` what the composer shows.
 */
export function useComposerLearning(learning: ComposerLearningView, styleId: string | null, model: ModelView) {
  const [searchParams] = useSearchParams();
  const { characters } = learning;
  const [characterId, setCharacterId] = useState(searchParams.get("character") ?? "");
  const [characterStrength, setCharacterStrength] = useState<number>(strengthRange.standard);
  const [learnedStrength, setLearnedStrength] = useState<number>(strengthRange.standard);
  // A preset, or a style never trained, has none.
  const styleTrainedOn = (styleId && learning.styleTrainedOn[styleId]) || [];

  const character = characters.find((c) => c.id === characterId) ?? null;
  const characterTrainedOn = character?.trainedOn ?? [];
  const learned = styleTrainedOn.includes(model.id) || characterTrainedOn.includes(model.id);
  const body = {
    ...(character ? { characterId: character.id, characterStrength } : {}),
    ...(learned ? { learnedStrength } : {}),
  };

  const fields =
    characters.length === 0 && !learned ? null : (
      <div className="grid gap-4 rounded-xl border border-neutral-200 p-3 dark:border-neutral-800">
        {characters.length > 0 && (
          <Picker<string>
            id="composer-character"
            label="Character"
            value={character?.id ?? ""}
            options={[{ value: "", label: "None" }, ...characters.map((c) => ({ value: c.id, label: c.name }))]}
            onChange={setCharacterId}
          />
        )}
        {character && (
          <StrengthSlider
            label="Character strength"
            hint={
              model.characterReference
                ? "How closely every object keeps to the character."
                : `How closely every object keeps to the character: approximate on ${model.label}, which takes its pictures as references.`
            }
            value={characterStrength}
            onChange={setCharacterStrength}
          />
        )}
        {learned && (
          <StrengthSlider
            label="Trained model strength"
            hint={`The trained model's scale on ${model.label}: 1 as trained, 0 leaves it out.`}
            value={learnedStrength}
            onChange={setLearnedStrength}
          />
        )}
      </div>
    );
  return { body, fields };
}
