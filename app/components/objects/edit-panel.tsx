import { LoaderCircle, Paintbrush, WandSparkles } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { limits } from "#domain/limits";
import { pickModel, type ModelView } from "#domain/models";
import type { JobView, ObjectImageView } from "#domain/objects";
import { priceOf } from "#domain/pricing";
import { cn } from "~/lib/ui/cn";
import { priceText } from "~/lib/words/object-format";
import { BRUSH_DEFAULT, paintsSomething, regionMask } from "~/lib/ui/region-strokes";
import { useModels } from "~/lib/hooks/use-models";
import { useStartObjectJob } from "~/lib/hooks/use-start-object-job";
import { useAuth } from "../auth-provider";
import { ShortOfCredits } from "../short-of-credits";
import { Button } from "../ui/button";
import { inputClasses } from "../ui/text-field";
import { BrushTools, type RegionBrush } from "./paint-stage";

export const emptyBrush: RegionBrush = { strokes: [], tool: "paint", share: BRUSH_DEFAULT };

const canEdit = (model: ModelView, region: boolean) => model.edit.words && (!region || model.edit.region);

/**
 * "Edit this image": words say what to change ("wearing a red scarf"); with "Paint a region",
 * a brush on the image marks the only part drawn again. Runs on the object's model when it can,
 * otherwise on the first model that can; a model that cannot says why.
 */
export function EditPanel(props: {
  objectId: string;
  name: string;
  image: ObjectImageView;
  settings: { size: "square" | "portrait" | "landscape"; detail: "draft" | "standard" | "high" };
  model: string | null;
  painting: boolean;
  onPaintingChange(painting: boolean): void;
  brush: RegionBrush;
  onBrushChange(brush: RegionBrush): void;
  onStarted(job: JobView): void;
}) {
  const { authUser } = useAuth();
  const models = useModels();
  const [instruction, setInstruction] = useState("");
  const { start, busy } = useStartObjectJob(props.objectId, "edit", props.onStarted);
  const fieldId = useId();
  const region = props.painting;
  const preferred = pickModel(models, props.model);
  const editor = canEdit(preferred, region) ? preferred : (models.models.find((m) => canEdit(m, region)) ?? null);
  const words = instruction.trim();
  const price = editor ? priceOf({ ...props.settings, count: 1, prices: editor.prices }) : 0;
  const balance = authUser?.credits ?? null;
  const short = editor !== null && balance !== null && balance < price;
  const painted = paintsSomething(props.brush.strokes);
  const canSubmit = editor !== null && words.length > 0 && !short && !busy && (!region || painted) && editor.reachable;
  const cannot =
    editor === null
      ? (preferred.edit.why ??
        (region ? "None of the models here can repaint a region." : "None of the models here can edit images."))
      : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || !editor) return;
    const body = {
      imageId: props.image.id,
      instruction: words,
      model: editor.id,
      ...(region ? { mask: regionMask(props.brush.strokes, props.image) } : {}),
    };
    const job = await start(body, {
      started: region ? `Repainting ${props.name}` : `Editing ${props.name}`,
      done: region ? `Repainted ${props.name}` : `Edited ${props.name}`,
      errorTitle: "Edit error",
      failed: "The edit could not be started. You were not charged. Please try again.",
    });
    if (!job) return;
    setInstruction("");
    props.onBrushChange({ ...props.brush, strokes: [] });
    props.onPaintingChange(false);
  }

  // The brush is offered only where some model on offer can repaint a region.
  const anyRepaints = models.models.some((m) => canEdit(m, true));
  const modes = [
    { painting: false, label: "Whole image", Icon: WandSparkles },
    ...(anyRepaints ? [{ painting: true, label: "Paint a region", Icon: Paintbrush }] : []),
  ];

  return (
    <section
      aria-labelledby="edit-image"
      className="grid gap-4 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div>
        <h2 id="edit-image" className="font-semibold">
          Edit this image
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          Say what to change. The result is a new image of {props.name}, in the same style; this one stays.
        </p>
      </div>
      <form onSubmit={(event) => void submit(event)} className="grid gap-3" noValidate>
        {modes.length > 1 && (
          <div
            role="group"
            aria-label="Edit mode"
            className="grid grid-cols-2 rounded-xl bg-neutral-100 p-1 dark:bg-neutral-800"
          >
            {modes.map(({ painting, label, Icon }) => (
              <button
                key={label}
                type="button"
                aria-pressed={region === painting}
                onClick={() => props.onPaintingChange(painting)}
                className={cn(
                  "inline-flex h-9 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-primary-500",
                  region === painting
                    ? "bg-white text-neutral-900 shadow-sm dark:bg-neutral-950 dark:text-white"
                    : "text-neutral-600 hover:text-neutral-900 dark:text-neutral-300 dark:hover:text-white",
                )}
              >
                <Icon aria-hidden className="size-4" /> {label}
              </button>
            ))}
          </div>
        )}
        {region && <BrushTools brush={props.brush} onChange={props.onBrushChange} />}
        <div className="grid gap-1.5">
          <label htmlFor={fieldId} className="text-sm font-medium">
            {region ? "What goes in the painted region" : "What to change"}
          </label>
          <textarea
            id={fieldId}
            value={instruction}
            onChange={(event) => setInstruction(event.target.value)}
            maxLength={limits.editInstruction}
            rows={2}
            placeholder={region ? "a golden crown" : "wearing a red scarf"}
            aria-describedby={`${fieldId}-hint`}
            disabled={editor === null}
            className={cn(inputClasses, "h-auto min-h-16 resize-y py-2.5 leading-relaxed")}
          />
          <p id={`${fieldId}-hint`} className="text-xs text-neutral-500 dark:text-neutral-400">
            {cannot ??
              (region && !painted
                ? "Paint over the image to mark the region; only it is drawn again."
                : `With ${editor!.label}${editor!.id === preferred.id ? "" : " (the object's model cannot do this)"}. Transparency is kept.`)}
          </p>
        </div>
        {short && balance !== null && (
          <ShortOfCredits price={price} balance={balance} choices={[]} onChoose={() => {}} testId="edit" />
        )}
        <Button type="submit" disabled={!canSubmit} data-testid="edit-image">
          {busy ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : region ? (
            <Paintbrush aria-hidden className="size-4" />
          ) : (
            <WandSparkles aria-hidden className="size-4" />
          )}
          {region ? "Repaint region" : "Edit image"}
          {editor && <span className="font-normal">· {priceText(price)}</span>}
        </Button>
      </form>
    </section>
  );
}
