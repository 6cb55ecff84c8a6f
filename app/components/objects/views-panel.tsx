import { LoaderCircle, Shapes } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { limits } from "#domain/limits";
import { viewPresets, type JobView } from "#domain/objects";
import { previewTexts } from "#domain/preview";
import { priceOf } from "#domain/pricing";
import { plural, priceText } from "~/lib/words/object-format";
import { useModel, useModels } from "~/lib/hooks/use-models";
import { useStartObjectJob } from "~/lib/hooks/use-start-object-job";
import { useAuth } from "../auth-provider";
import { PreviewLimitNote, UnreachableModelNote } from "../model-picker";
import { ShortOfCredits } from "../short-of-credits";
import { Button } from "../ui/button";
import { inputClasses } from "../ui/text-field";
import { cn } from "~/lib/ui/cn";

/** The views typed, one a line: blank lines and repeats (in any case) dropped. */
export function viewLines(text: string): string[] {
  const views = text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/\s+/g, " "))
    .filter(Boolean);
  return views.filter((v, i) => views.findIndex((w) => w.toLowerCase() === v.toLowerCase()) === i);
}

/**
 * "New images of this object": the same object in other poses, views or states, one image for
 * each line ("running", "side view", "damaged") or a preset's list (a turnaround, a UI icon's
 * states), each drawn from the cover so it stays the same thing.
 */
export function ViewsPanel(props: {
  objectId: string;
  name: string;
  settings: { size: "square" | "portrait" | "landscape"; detail: "draft" | "standard" | "high"; transparent: boolean };
  model: string | null;
  onStarted(job: JobView): void;
}) {
  const { authUser } = useAuth();
  const [text, setText] = useState("");
  const { start, busy } = useStartObjectJob(props.objectId, "views", props.onStarted);
  const models = useModels();
  const chosen = useModel(props.model);
  // A model that cannot draw views (the preview engine) hands them to one that can, as the server does.
  const model = chosen.views.can ? chosen : (models.models.find((m) => m.views.can) ?? chosen);
  const fieldId = useId();
  const views = viewLines(text);
  const tooMany = views.length > limits.objectViews;
  const price = priceOf({ ...props.settings, count: Math.max(views.length, 1), prices: model.prices });
  const balance = authUser?.credits ?? null;
  const short = views.length > 0 && balance !== null && balance < price;
  const canSubmit = views.length > 0 && !tooMany && !short && !busy && model.reachable && model.views.can;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    const job = await start(
      { views },
      {
        started: `Drawing ${plural(views.length, "view")}`,
        done: `${plural(views.length, "view")} drawn`,
        errorTitle: "Generation error",
        failed: "The views could not be started. You were not charged. Please try again.",
      },
    );
    if (job) setText("");
  }

  return (
    <section
      aria-labelledby="object-views"
      className="grid gap-4 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div>
        <h2 id="object-views" className="font-semibold">
          New images of this object
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          {props.name} in other poses, views or states, drawn from its cover so it stays the same.
        </p>
      </div>
      <form onSubmit={(event) => void submit(event)} className="grid gap-3" noValidate>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Presets">
          {Object.entries(viewPresets).map(([key, preset]) => (
            <button
              key={key}
              type="button"
              onClick={() => setText(preset.views.join("\n"))}
              className="rounded-full border border-neutral-200 px-3 py-1 text-xs font-medium text-neutral-700 transition hover:border-primary-300 hover:bg-primary-50 hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 dark:border-neutral-700 dark:text-neutral-300 dark:hover:border-primary-700 dark:hover:bg-primary-950/60 dark:hover:text-primary-200"
            >
              {preset.label}
              <span className="sr-only">: {preset.views.join(", ")}</span>
            </button>
          ))}
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={fieldId} className="text-sm font-medium">
            What to draw, one a line
          </label>
          <textarea
            id={fieldId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={4}
            placeholder={"running\nasleep\nside view"}
            aria-describedby={`${fieldId}-hint`}
            className={cn(inputClasses, "h-auto min-h-28 resize-y py-2.5 leading-relaxed")}
          />
          <p id={`${fieldId}-hint`} className="text-xs text-neutral-500 dark:text-neutral-400">
            {tooMany
              ? `Ask for at most ${limits.objectViews} at a time.`
              : `Up to ${limits.objectViews}; one image each, at ${priceText(priceOf({ ...props.settings, count: 1, prices: model.prices }))} an image.`}
            {model.id !== chosen.id && ` Drawn by ${model.label}, since ${chosen.label} cannot draw views.`}
          </p>
        </div>
        {short && balance !== null && (
          <ShortOfCredits price={price} balance={balance} choices={[]} onChoose={() => {}} testId="views" />
        )}
        {!model.views.can && <PreviewLimitNote text={model.views.why ?? previewTexts.samePose} />}
        {!model.reachable && <UnreachableModelNote model={model} />}
        <Button type="submit" disabled={!canSubmit} data-testid="draw-views">
          {busy ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Shapes aria-hidden className="size-4" />
          )}
          {views.length === 0 ? "Draw" : `Draw ${plural(views.length, "image")}`}
          {views.length > 0 && <span className="font-normal">· {priceText(price)}</span>}
        </Button>
      </form>
    </section>
  );
}
