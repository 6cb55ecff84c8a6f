import { Eraser, LoaderCircle, Maximize2, Sparkles } from "lucide-react";
import { useState } from "react";
import { basicUpscaleLabel, upscaleFactors, type UpscaleFactor } from "#domain/image-lineage";
import { pickModel } from "#domain/models";
import type { JobView, ObjectImageView } from "#domain/objects";
import { priceOf } from "#domain/pricing";

import { callApi } from "~/lib/api/api-client";
import { plural, priceText } from "~/lib/words/object-format";
import { refusalMessage } from "~/lib/words/refusal-message";
import { toast } from "~/lib/state/toast-store";
import { useIdempotencyKey } from "~/lib/hooks/use-idempotency-key";
import { useModels } from "~/lib/hooks/use-models";
import { useStartObjectJob } from "~/lib/hooks/use-start-object-job";
import { Button } from "../ui/button";

type Work = "remove-background" | `upscale-${UpscaleFactor}`;

/**
 * What can be done to the shown image that makes a new one beside it: remove its background
 * (at the operator's price) and upscale it ×2 or ×4 (basic, no AI, free). Each adds an image to
 * the object and shows it; done before, it shows the earlier one and charges nothing.
 */
export function ImageWork(props: {
  objectId: string;
  objectName: string;
  image: ObjectImageView;
  /** The image's place among the object's, from 1. */
  number: number;
  knownIds: string[];
  removeBackgroundCredits: number;
  upscaleMaxSide: number;
  /** For an AI upscale's price: the object's size and detail, and its style's model. */
  settings: { size: "square" | "portrait" | "landscape"; detail: "draft" | "standard" | "high" };
  model: string | null;
  onMade(imageId: string): void;
  /** An AI upscale started as a job: its image arrives when the job makes it. */
  onStarted(job: JobView): void;
}) {
  const { image, number } = props;
  const [busy, setBusy] = useState<Work | null>(null);
  const idempotency = useIdempotencyKey();

  async function run(
    work: Work,
    texts: { title: string; made: string; earlier: string; failed: string; error: string },
  ) {
    setBusy(work);
    try {
      const params = { id: props.objectId };
      // One key per click and body: a retry of the same request is answered once, and charged once.
      const once = (body: object) => ({
        "Idempotency-Key": idempotency.keyFor(`/api/objects/${params.id}/${work}`, body),
      });
      const removal = { imageId: image.id };
      const upscale = { imageId: image.id, factor: work === "upscale-4" ? (4 as const) : (2 as const) };
      const { image: made } =
        work === "remove-background"
          ? await callApi("post", "/api/objects/:id/remove-background", {
              params,
              body: removal,
              headers: once(removal),
            })
          : await callApi("post", "/api/objects/:id/upscale", { params, body: upscale, headers: once(upscale) });
      idempotency.done();
      const earlier = props.knownIds.includes(made.id);
      toast({ title: texts.title, description: earlier ? texts.earlier : texts.made, color: "success" });
      props.onMade(made.id);
    } catch (error) {
      toast({ title: texts.error, description: refusalMessage(error, texts.failed), color: "error" });
    } finally {
      setBusy(null);
    }
  }

  const price = props.removeBackgroundCredits;
  return (
    <div className="grid gap-3">
      {!image.hasAlpha && (
        <Button
          variant="secondary"
          disabled={busy !== null}
          onClick={() =>
            void run("remove-background", {
              title: "Background removed",
              made: `A transparent copy of image ${number} was added to ${props.objectName}.`,
              earlier: `Image ${number} already has a transparent copy: it is shown now. You were not charged again.`,
              failed: "The background could not be removed. You were not charged.",
              error: "Background error",
            })
          }
        >
          {busy === "remove-background" ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Eraser aria-hidden className="size-4" />
          )}
          Remove background
          <span className="text-neutral-500 dark:text-neutral-400">
            · {price === 0 ? "free" : plural(price, "credit")}
          </span>
        </Button>
      )}
      <div role="group" aria-labelledby="upscale-heading" className="grid gap-1.5" data-testid="upscale">
        <div className="flex items-baseline justify-between gap-2">
          <h3 id="upscale-heading" className="text-sm font-medium">
            Upscale
          </h3>
          <span className="text-xs text-neutral-500 dark:text-neutral-400">{basicUpscaleLabel} · free</span>
        </div>
        <div className="grid grid-cols-2 gap-2">
          {upscaleFactors.map((factor) => {
            const [width, height] = [image.width * factor, image.height * factor];
            const tooLarge = Math.max(width, height) > props.upscaleMaxSide;
            const work: Work = `upscale-${factor}`;
            return (
              <Button
                key={factor}
                variant="secondary"
                disabled={busy !== null || tooLarge}
                title={tooLarge ? `This Motif makes images up to ${props.upscaleMaxSide} px on a side.` : undefined}
                onClick={() =>
                  void run(work, {
                    title: "Image upscaled",
                    made: `Image ${number} at ×${factor}, ${width} × ${height}, was added to ${props.objectName}.`,
                    earlier: `Image ${number} was upscaled ×${factor} before: that copy is shown now.`,
                    failed: "The image could not be upscaled. Please try again.",
                    error: "Upscale error",
                  })
                }
              >
                {busy === work ? (
                  <LoaderCircle aria-hidden className="size-4 animate-spin" />
                ) : (
                  <Maximize2 aria-hidden className="size-4" />
                )}
                ×{factor}
                <span className="text-xs font-normal text-neutral-500 tabular-nums dark:text-neutral-400">
                  <span className="sr-only"> to </span>
                  {width} px
                </span>
              </Button>
            );
          })}
        </div>
      </div>
      <AiUpscale {...props} />
    </div>
  );
}

/**
 * "AI upscale ×2 / ×4" with the upscaler of the object's model, or of the first model that has one;
 * shown only where a model on offer has one. A paid job: its image arrives beside the others.
 */
function AiUpscale(props: Parameters<typeof ImageWork>[0]) {
  const { image } = props;
  const models = useModels();
  const [asked, setAsked] = useState<UpscaleFactor | null>(null);
  const { start, busy } = useStartObjectJob(props.objectId, "ai-upscale", props.onStarted);
  const preferred = pickModel(models, props.model);
  const upscaler = preferred.upscaler ? preferred : models.models.find((m) => m.upscaler);
  if (!upscaler) return null;
  const price = priceOf({ ...props.settings, count: 1, prices: upscaler.prices });

  async function upscale(factor: UpscaleFactor) {
    setAsked(factor);
    await start(
      { imageId: image.id, factor, model: upscaler!.id },
      {
        started: `Upscaling ×${factor}`,
        done: `Upscaled ×${factor}`,
        errorTitle: "Upscale error",
        failed: "The upscale could not be started. You were not charged. Please try again.",
      },
    );
  }

  return (
    <div role="group" aria-labelledby="ai-upscale-heading" className="grid gap-1.5" data-testid="ai-upscale">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id="ai-upscale-heading" className="text-sm font-medium">
          AI upscale
        </h3>
        <span className="truncate text-xs text-neutral-500 dark:text-neutral-400">
          {upscaler.upscaler} · {priceText(price)}
        </span>
      </div>
      {upscaler.id !== preferred.id && (
        <p className="text-xs text-neutral-500 dark:text-neutral-400">
          With {upscaler.label}, since {preferred.label} has no AI upscaler.
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        {upscaleFactors.map((factor) => {
          const [width, height] = [image.width * factor, image.height * factor];
          const tooLarge = Math.max(width, height) > props.upscaleMaxSide;
          return (
            <Button
              key={factor}
              variant="secondary"
              disabled={busy || tooLarge || !upscaler.reachable}
              title={tooLarge ? `This Motif makes images up to ${props.upscaleMaxSide} px on a side.` : undefined}
              onClick={() => void upscale(factor)}
            >
              {busy && asked === factor ? (
                <LoaderCircle aria-hidden className="size-4 animate-spin" />
              ) : (
                <Sparkles aria-hidden className="size-4" />
              )}
              AI ×{factor}
              <span className="text-xs font-normal text-neutral-500 tabular-nums dark:text-neutral-400">
                <span className="sr-only"> to </span>
                {width} px
              </span>
            </Button>
          );
        })}
      </div>
    </div>
  );
}
