import { Eraser, LoaderCircle, Maximize2 } from "lucide-react";
import { useState } from "react";
import { basicUpscaleLabel, upscaleFactors, type UpscaleFactor } from "#domain/image-lineage";
import type { ObjectImageView } from "#domain/objects";
import { api } from "~/lib/api";
import { plural } from "~/lib/object-format";
import { refusalMessage } from "~/lib/refusal-message";
import { toast } from "~/lib/toast-store";
import { useIdempotencyKey } from "~/lib/use-idempotency-key";
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
  onMade(imageId: string): void;
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
      const [path, body] =
        work === "remove-background"
          ? ["remove-background", { imageId: image.id }]
          : ["upscale", { imageId: image.id, factor: Number(work.slice("upscale-".length)) }];
      const url = `/api/objects/${props.objectId}/${path}`;
      const { image: made } = await api<{ image: ObjectImageView }>(url, {
        method: "POST",
        body,
        headers: { "Idempotency-Key": idempotency.keyFor(url, body) },
      });
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
              title: "Background Removed",
              made: `A transparent copy of image ${number} was added to ${props.objectName}.`,
              earlier: `Image ${number} already has a transparent copy: it is shown now. You were not charged again.`,
              failed: "The background could not be removed. You were not charged.",
              error: "Background Error",
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
                    title: "Image Upscaled",
                    made: `Image ${number} at ×${factor}, ${width} × ${height}, was added to ${props.objectName}.`,
                    earlier: `Image ${number} was upscaled ×${factor} before: that copy is shown now.`,
                    failed: "The image could not be upscaled. Please try again.",
                    error: "Upscale Error",
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
    </div>
  );
}
