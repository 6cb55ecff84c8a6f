import { GraduationCap, LoaderCircle } from "lucide-react";
import { useState, type FormEvent } from "react";
import {
  captionFor,
  suggestedTriggerWord,
  trainingLimits,
  trainingPresets,
  trainingPresetValues,
  type PictureSource,
  type TrainingPreset,
} from "#domain/training";
import { startTrainingSchema } from "#domain/requests/training";
import { ApiError, fieldErrors } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { useIdempotencyKey } from "~/lib/hooks/use-idempotency-key";
import type { Trainer } from "~/lib/hooks/use-learning";
import { toast } from "~/lib/state/toast-store";
import { priceText } from "~/lib/words/object-format";
import { refusalMessage } from "~/lib/words/refusal-message";
import { Button } from "../ui/button";
import { Picker } from "../ui/picker";
import { SegmentedControl } from "../ui/segmented-control";
import { TextField } from "../ui/text-field";

/** A picture the training may use: the subject's own, or a style's reference. */
export interface DatasetChoice {
  source: PictureSource;
  id: string;
  url: string;
}

/**
 * "Train": the model that trains, a preset (its price on the button), the trigger word and the
 * pictures with their captions (made from the name unless written), checked before it is sent.
 */
export function TrainForm(props: {
  subject: { learns: "style" | "character"; id: string; name: string };
  trainers: Trainer[];
  choices: DatasetChoice[];
  onStarted: () => void;
}) {
  const { subject } = props;
  const [model, setModel] = useState(props.trainers[0]?.model ?? "");
  const [preset, setPreset] = useState<TrainingPreset>("standard");
  const [triggerWord, setTriggerWord] = useState(() => suggestedTriggerWord(subject.name));
  const [left, setLeft] = useState<Set<string>>(new Set());
  const [captions, setCaptions] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKey();
  const trainer = props.trainers.find((t) => t.model === model) ?? props.trainers[0];
  const chosen = props.choices.filter((choice) => !left.has(choice.id));
  const made = captionFor({ learns: subject.learns, triggerWord: triggerWord.trim() || "…", subject: subject.name });

  if (!trainer) {
    return (
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        None of the models on offer can train. An operator can connect fal or Replicate to train styles and characters.
      </p>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      model: trainer!.model,
      preset,
      triggerWord: triggerWord.trim(),
      pictures: chosen.map((c) => ({
        source: c.source,
        id: c.id,
        ...(captions[c.id]?.trim() ? { caption: captions[c.id]!.trim() } : {}),
      })),
    };
    const checked = startTrainingSchema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    const path = subject.learns === "style" ? "/api/styles/:id/trainings" : "/api/characters/:id/trainings";
    try {
      const url = path.replace(":id", subject.id);
      await callApi("post", path, {
        params: { id: subject.id },
        body,
        headers: { "Idempotency-Key": idempotency.keyFor(url, body) },
      });
      idempotency.done();
      toast({ title: `Training ${subject.name}`, description: `${priceText(trainer!.prices[preset])} reserved.` });
      props.onStarted();
    } catch (error) {
      setErrors(fieldErrors(error));
      toast({
        title: error instanceof ApiError && error.status === 402 ? "Not enough credits" : "Training error",
        description: refusalMessage(
          error,
          "The training could not be started. You were not charged. Please try again.",
        ),
        color: "error",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4" noValidate>
      {props.trainers.length > 1 && (
        <Picker<string>
          id={`trainer-${subject.id}`}
          label="Train on"
          value={trainer.model}
          options={props.trainers.map((t) => ({ value: t.model, label: `${t.label} · ${t.trainer}` }))}
          onChange={setModel}
        />
      )}
      <SegmentedControl<TrainingPreset>
        legend="Quality"
        name={`preset-${subject.id}`}
        value={preset}
        options={trainingPresetValues.map((value) => ({
          value,
          label: trainingPresets[value].label,
          hint: `${trainingPresets[value].hint} ${priceText(trainer.prices[value])}.`,
        }))}
        onChange={setPreset}
      />
      <TextField
        label="Trigger word"
        hint="One word the model learns it by; every prompt with it carries the word."
        value={triggerWord}
        maxLength={trainingLimits.triggerWord}
        onChange={(event) => setTriggerWord(event.target.value)}
        error={errors.triggerWord}
        autoComplete="off"
        spellCheck={false}
      />
      <details className="rounded-xl border border-neutral-200 p-3 dark:border-neutral-800">
        <summary className="cursor-pointer text-sm font-medium">
          Pictures and captions · {chosen.length} of {props.choices.length} chosen
        </summary>
        <ul className="mt-3 grid gap-3">
          {props.choices.map((choice, i) => (
            <li key={choice.id} className="flex items-start gap-3">
              <input
                type="checkbox"
                aria-label={`Train on picture ${i + 1}`}
                checked={!left.has(choice.id)}
                onChange={(event) => {
                  const next = new Set(left);
                  if (event.target.checked) next.delete(choice.id);
                  else next.add(choice.id);
                  setLeft(next);
                }}
                className="mt-3 size-4 accent-primary-600"
              />
              <img
                src={choice.url}
                alt=""
                className="size-11 shrink-0 rounded-lg bg-neutral-100 object-contain dark:bg-neutral-800"
              />
              <TextField
                label={`Caption of picture ${i + 1}`}
                className="min-w-0 flex-1 [&_label]:sr-only"
                placeholder={made}
                maxLength={trainingLimits.caption}
                value={captions[choice.id] ?? ""}
                onChange={(event) => setCaptions({ ...captions, [choice.id]: event.target.value })}
              />
            </li>
          ))}
        </ul>
      </details>
      {chosen.length < trainingLimits.minPictures && !errors.pictures && (
        <p className="text-sm text-neutral-600 dark:text-neutral-400" data-testid="training-needs">
          Train on at least {trainingLimits.minPictures} pictures: add {trainingLimits.minPictures - chosen.length}{" "}
          more.
        </p>
      )}
      {errors.pictures && (
        <p role="alert" className="text-sm text-error-600 dark:text-error-400">
          {errors.pictures}
        </p>
      )}
      <Button type="submit" disabled={busy || chosen.length < trainingLimits.minPictures} data-testid="start-training">
        {busy ? (
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
        ) : (
          <GraduationCap aria-hidden className="size-4" />
        )}
        Train {subject.learns === "style" ? "this style" : "this character"}
        <span className="font-normal">· {priceText(trainer.prices[preset])}</span>
      </Button>
    </form>
  );
}
