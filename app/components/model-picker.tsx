import { ChevronDown, Cpu, Info, PlugZap } from "lucide-react";
import { useId } from "react";
import type { DetailLevel, ImageSize } from "#domain/images";
import { isPreviewModel, unreachableModelMessage, unreachableModelNote, type ModelView } from "#domain/models";
import { unitPrice } from "#domain/pricing";
import { cn } from "~/lib/ui/cn";
import { useModels } from "~/lib/hooks/use-models";
import { priceText } from "~/lib/words/object-format";
import { ModelAbilities } from "./model-abilities";
import { inputClasses } from "./ui/text-field";

/** What a model does differently, in a few words under the choice. */
export function modelHint(model: ModelView, options: { transparent?: boolean; references?: number } = {}): string {
  if (!model.reachable) return unreachableModelMessage(model.label);
  if (isPreviewModel(model)) return "Placeholder pictures drawn by Motif, not by an AI model.";
  const references = options.references ?? 0;
  const parts = [
    model.maxReferences === 0
      ? "It draws from words alone, without reference images"
      : references > model.maxReferences
        ? `This style has ${references} reference and sample images; this model takes the first ${model.maxReferences}`
        : `Up to ${model.maxReferences} reference ${model.maxReferences === 1 ? "image" : "images"}`,
  ];
  if (options.transparent && model.transparency === "matte") {
    parts.push("transparency made by Motif from a flat background");
  }
  return `${parts.join("; ")}.`;
}

/** A model as its choice reads: its name, what one image costs at `pricing`, and whether it can be reached. */
export function modelOptionLabel(model: ModelView, pricing?: { size: ImageSize; detail: DetailLevel }): string {
  const parts = [model.label];
  const unit = pricing ? unitPrice({ ...pricing, prices: model.prices }) : null;
  if (unit !== null) parts.push(unit === 0 ? priceText(0) : `${priceText(unit)} an image`);
  if (!model.reachable) parts.push(unreachableModelNote);
  return parts.join(" · ");
}

/** Said where an action would run on the preview engine, which cannot do what it asks as a model would. */
export function PreviewLimitNote(props: { text: string }) {
  return (
    <p
      data-testid="preview-limit"
      className="flex items-start gap-2 rounded-xl bg-neutral-100 px-3 py-2 text-sm text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300"
    >
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-neutral-500 dark:text-neutral-400" />
      {props.text}
    </p>
  );
}

/** Said where a paid action would run on a model whose last connection check failed. */
export function UnreachableModelNote(props: { model: ModelView; id?: string }) {
  return (
    <p
      id={props.id}
      role="status"
      data-testid="model-unreachable"
      className="flex items-start gap-2 text-sm font-medium text-warning-800 dark:text-warning-300"
    >
      <PlugZap aria-hidden className="mt-0.5 size-4 shrink-0" />
      {unreachableModelMessage(props.model.label)}
    </p>
  );
}

/**
 * The model a generation runs with, when the operator offers more than one. With one
 * model there is nothing to choose: nothing is shown, unless that model cannot be reached.
 */
export function ModelPicker(props: {
  value: string;
  onChange(id: string): void;
  transparent?: boolean;
  /** How many reference and sample images the style sends with each image. */
  references?: number;
  /** The size and detail asked for: each choice says what one image costs with it. */
  pricing?: { size: ImageSize; detail: DetailLevel };
  /** Lists what the chosen model can do to images later, and why not the rest (the composer). */
  abilities?: boolean;
  label?: string;
  className?: string;
}) {
  const { models } = useModels();
  const id = useId();
  const chosen = models.find((m) => m.id === props.value) ?? models[0]!;
  if (models.length < 2) return chosen.reachable ? null : <UnreachableModelNote model={chosen} />;
  return (
    <div className={cn("grid gap-1.5", props.className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {props.label ?? "Model"}
      </label>
      <div className="relative">
        <Cpu
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
        />
        <select
          id={id}
          name="model"
          value={chosen.id}
          onChange={(event) => props.onChange(event.target.value)}
          aria-describedby={`${id}-hint`}
          data-testid="model-picker"
          className={cn(inputClasses, "cursor-pointer appearance-none truncate pr-9 pl-9 text-sm font-medium")}
        >
          {models.map((model) => (
            <option key={model.id} value={model.id}>
              {modelOptionLabel(model, props.pricing)}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-neutral-500"
        />
      </div>
      {chosen.reachable ? (
        <p id={`${id}-hint`} className="text-xs text-neutral-500 dark:text-neutral-400">
          {modelHint(chosen, { transparent: props.transparent, references: props.references })}
        </p>
      ) : (
        <UnreachableModelNote model={chosen} id={`${id}-hint`} />
      )}
      {props.abilities && <ModelAbilities model={chosen} className="mt-1" />}
    </div>
  );
}
