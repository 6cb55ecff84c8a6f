import { Coins, LoaderCircle, RefreshCw, SlidersHorizontal, Sparkles } from "lucide-react";
import { useState, type FormEvent } from "react";
import { detailLevels, imageSizes, type DetailLevel, type ImageSize } from "#domain/images";
import type { JobView } from "#domain/objects";
import { priceOf } from "#domain/pricing";
import { plural, priceText } from "~/lib/words/object-format";
import { useModel, useModels } from "~/lib/hooks/use-models";
import { useStartObjectJob } from "~/lib/hooks/use-start-object-job";
import { isPreviewModel, pickModel } from "#domain/models";
import { previewTexts } from "#domain/preview";
import { ModelPicker, PreviewLimitNote, UnreachableModelNote } from "../model-picker";
import { useAuth } from "../auth-provider";
import { Button } from "../ui/button";
import { SegmentedControl } from "../ui/segmented-control";
import { ModalDialog } from "../ui/sheet-dialog";
import { Switch } from "../ui/switch";
import { detailOptions, sizeOptions, variationOptions } from "~/lib/ui/image-options";
import { cheaperChoices, type CheaperChoice } from "~/lib/words/cheaper-choices";
import { ShortOfCredits } from "../short-of-credits";

interface Settings {
  size: ImageSize;
  detail: DetailLevel;
  transparent: boolean;
}

/** POSTs /api/objects/:id/variations and reports the outcome in a toast; resolves to the job, or null. */
function useRequestVariations(objectId: string, onStarted: (job: JobView) => void) {
  const { start, busy } = useStartObjectJob(objectId, "variations", onStarted);
  const request = async (body: { count: number; model?: string } & Partial<Settings>) =>
    (await start(body, {
      started: `Making ${plural(body.count, "image")}`,
      done: `${plural(body.count, "image")} made`,
      errorTitle: "Generation error",
      failed: "The images could not be started. You were not charged. Please try again.",
    })) !== null;
  return { request, busy };
}

function settingsLine(s: Settings): string {
  return [imageSizes[s.size].label, detailLevels[s.detail].label, s.transparent ? "Transparent" : "Opaque"].join(" · ");
}

/**
 * "More variations": 1 to 4 new images of the object in its own settings, matched
 * to its cover, with their price; and "Generate again" in other settings.
 */
export function VariationsPanel(props: {
  objectId: string;
  name: string;
  /** The object's own settings. */
  settings: Settings;
  /** The model its style makes new images with (null: the operator's default). */
  model: string | null;
  /** Where "Generate again" starts (the shown image's settings). */
  againFrom: Settings;
  onStarted(job: JobView): void;
}) {
  const { authUser } = useAuth();
  const [count, setCount] = useState(2);
  const [again, setAgain] = useState(false);
  const { request, busy } = useRequestVariations(props.objectId, props.onStarted);
  const model = useModel(props.model);
  const price = priceOf({ ...props.settings, count, prices: model.prices });
  const balance = authUser?.credits ?? null;
  const short = balance !== null && balance < price;

  return (
    <section
      aria-labelledby="more-variations"
      className="grid gap-4 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div>
        <h2 id="more-variations" className="font-semibold">
          More variations
        </h2>
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          New takes on {props.name}, matched to its cover. {settingsLine(props.settings)}.
        </p>
      </div>
      <SegmentedControl
        legend="How many"
        name="variation-count"
        value={String(count)}
        options={variationOptions}
        onChange={(v) => setCount(Number(v))}
      />
      {short && balance !== null && (
        <ShortOfCredits
          price={price}
          balance={balance}
          // The object's own settings stay; only fewer images are offered here (other settings: Generate again).
          choices={cheaperChoices({
            objects: 1,
            variations: count,
            ...props.settings,
            prices: model.prices,
            balance,
          }).filter((choice) => choice.kind === "variations")}
          onChoose={(choice) => choice.kind === "variations" && setCount(choice.variations)}
          testId="variations"
        />
      )}
      {isPreviewModel(model) && <PreviewLimitNote text={previewTexts.repeats} />}
      {!model.reachable && <UnreachableModelNote model={model} />}
      <div className="grid gap-2">
        <Button
          disabled={busy || short || !model.reachable}
          onClick={() => void request({ count })}
          data-testid="more-variations"
        >
          {busy ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Sparkles aria-hidden className="size-4" />
          )}
          Make {count} more <span className="font-normal">· {priceText(price)}</span>
        </Button>
        <Button variant="ghost" onClick={() => setAgain(true)}>
          <SlidersHorizontal aria-hidden className="size-4" /> Generate again in other settings…
        </Button>
      </div>
      {again && (
        <GenerateAgainDialog
          name={props.name}
          initial={props.againFrom}
          model={props.model}
          busy={busy}
          balance={balance}
          onClose={() => setAgain(false)}
          onSubmit={async (body) => {
            if (await request(body)) setAgain(false);
          }}
        />
      )}
    </section>
  );
}

function GenerateAgainDialog(props: {
  name: string;
  initial: Settings;
  model: string | null;
  busy: boolean;
  balance: number | null;
  onClose(): void;
  onSubmit(body: Settings & { count: number; model?: string }): Promise<void>;
}) {
  const [settings, setSettings] = useState<Settings>(props.initial);
  const [count, setCount] = useState(1);
  const models = useModels();
  const [modelId, setModelId] = useState(() => pickModel(models, props.model).id);
  const chosen = pickModel(models, modelId);
  const price = priceOf({ ...settings, count, prices: chosen.prices });
  const short = props.balance !== null && props.balance < price;

  function choose(choice: CheaperChoice) {
    if (choice.kind === "detail") setSettings({ ...settings, detail: choice.detail });
    else if (choice.kind === "size") setSettings({ ...settings, size: choice.size });
    else if (choice.kind === "variations") setCount(choice.variations);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (props.busy || short || !chosen.reachable) return;
    void props.onSubmit({ ...settings, count, ...(models.models.length > 1 ? { model: chosen.id } : {}) });
  }

  return (
    <ModalDialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title="Generate again"
      description={`New images of ${props.name} in other settings, still matched to its cover and style.`}
    >
      <form onSubmit={submit} className="grid gap-5" noValidate>
        <ModelPicker
          value={chosen.id}
          onChange={setModelId}
          transparent={settings.transparent}
          pricing={{ size: settings.size, detail: settings.detail }}
        />
        <SegmentedControl<ImageSize>
          legend="Size"
          name="again-size"
          value={settings.size}
          options={sizeOptions}
          onChange={(size) => setSettings({ ...settings, size })}
        />
        <SegmentedControl<DetailLevel>
          legend="Detail"
          name="again-detail"
          value={settings.detail}
          options={detailOptions}
          onChange={(detail) => setSettings({ ...settings, detail })}
        />
        <Switch
          label="Transparent background"
          hint="PNG with a real alpha channel, ready for games and apps."
          checked={settings.transparent}
          onChange={(transparent) => setSettings({ ...settings, transparent })}
        />
        <SegmentedControl
          legend="How many"
          name="again-count"
          value={String(count)}
          options={variationOptions}
          onChange={(v) => setCount(Number(v))}
        />
        <div className="flex flex-col gap-3 border-t border-neutral-200 pt-5 sm:flex-row sm:items-center sm:justify-between dark:border-neutral-800">
          {short && props.balance !== null ? (
            <ShortOfCredits
              price={price}
              balance={props.balance}
              choices={cheaperChoices({
                objects: 1,
                variations: count,
                ...settings,
                prices: chosen.prices,
                balance: props.balance,
              })}
              onChoose={choose}
              testId="again"
            />
          ) : (
            <p className="flex items-start gap-2 text-sm text-neutral-600 dark:text-neutral-400">
              <Coins aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-500" />
              <span>
                {plural(count, "image")} ·{" "}
                <strong className="whitespace-nowrap text-neutral-900 dark:text-white">{priceText(price)}</strong>
                {props.balance !== null && <span className="whitespace-nowrap"> · you have {props.balance}</span>}
              </span>
            </p>
          )}
          <Button type="submit" disabled={props.busy || short || !chosen.reachable}>
            {props.busy ? (
              <LoaderCircle aria-hidden className="size-4 animate-spin" />
            ) : (
              <RefreshCw aria-hidden className="size-4" />
            )}
            Generate {count} · {priceText(price)}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
