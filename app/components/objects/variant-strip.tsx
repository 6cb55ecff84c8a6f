import { Star } from "lucide-react";
import { operationLine } from "#domain/image-lineage";
import type { ObjectImageView } from "#domain/objects";
import { isPreview } from "#domain/preview";
import { checkerboard } from "~/lib/ui/checkerboard";
import { cn } from "~/lib/ui/cn";
import { PreviewBadge } from "../preview-badge";
import { shownImage } from "./shown-image";

const THUMB_CSS_PX = 80;

/** ", upscaled ×4", ", side view": a made-from image's thumbnail says what it is. */
/** The corner badge of an image made from another: what was done, in a glance. */
const stripBadges: Partial<Record<ObjectImageView["lineage"]["operation"], string>> = {
  "background-removed": "BG",
  edited: "Edited",
  repainted: "Region",
  pixelated: "Pixel",
  tiled: "Tile",
  autotiled: "Set",
  outpainted: "Wider",
  background: "New BG",
  recoloured: "Colour",
  normalised: "Normal",
};

const madeFromLabel = ({ lineage }: ObjectImageView) =>
  lineage.view
    ? `, ${lineage.view}`
    : lineage.operation === "generated"
      ? ""
      : `, ${operationLine({ ...lineage, method: null }).toLowerCase()}`;

/** The object's images as thumbnails: the pressed one is shown large, a star marks the cover; pulsing tiles are on their way. */
export function VariantStrip(props: {
  images: ObjectImageView[];
  selectedId: string | null;
  coverId: string | null;
  /** Images a running job is still making. */
  pending: number;
  onSelect(imageId: string): void;
}) {
  return (
    <ul
      className="-mx-1 flex scroll-mt-24 gap-2 overflow-x-auto px-1 py-1"
      aria-label="Images of this object"
      data-testid="variant-strip"
    >
      {props.images.map((image, i) => {
        const selected = image.id === props.selectedId;
        const cover = image.id === props.coverId;
        const shown = shownImage(image, { displayWidth: THUMB_CSS_PX, quality: 75 });
        return (
          <li key={image.id} className="shrink-0">
            <button
              type="button"
              onClick={() => props.onSelect(image.id)}
              aria-pressed={selected}
              aria-label={`Image ${i + 1}${cover ? " (cover)" : ""}${madeFromLabel(image)}${isPreview(image.provider) ? ", preview" : ""}`}
              className={cn(
                "relative block size-16 overflow-hidden rounded-xl ring-offset-2 ring-offset-neutral-50 transition sm:size-20 dark:ring-offset-neutral-950",
                image.hasAlpha ? checkerboard("bg-[length:10px_10px]") : "bg-neutral-100 dark:bg-neutral-800",
                selected
                  ? "ring-2 ring-primary-500"
                  : "ring-1 ring-neutral-200 hover:ring-neutral-400 dark:ring-neutral-800 dark:hover:ring-neutral-600",
              )}
            >
              <img
                src={shown.src}
                srcSet={shown.srcSet}
                alt=""
                width={image.width}
                height={image.height}
                loading="lazy"
                className={cn("size-full animate-fade-in object-contain", shown.className)}
              />
              <PreviewBadge provider={image.provider} overlay compact className="absolute right-1 bottom-1" />
              {image.lineage.operation !== "generated" && (
                <span
                  aria-hidden
                  className="absolute top-1 right-1 rounded-md bg-neutral-900/80 px-1 py-px text-[10px] leading-4 font-semibold text-white"
                >
                  {image.lineage.animation
                    ? image.lineage.animation.action.replace(/^./, (first) => first.toUpperCase())
                    : (stripBadges[image.lineage.operation] ?? `×${image.lineage.factor}`)}
                </span>
              )}
              {cover && (
                <span className="absolute top-1 left-1 grid size-5 place-items-center rounded-full bg-white/95 shadow-sm dark:bg-neutral-900/95">
                  <Star aria-hidden className="size-3 fill-amber-400 text-amber-500" />
                </span>
              )}
            </button>
            {/* What a view was asked for, under its tile: a turnaround reads front, side, back at a glance. */}
            {image.lineage.view && (
              <span
                aria-hidden
                title={image.lineage.view}
                className="mt-1 block w-16 truncate text-center text-[11px] leading-4 text-neutral-600 sm:w-20 dark:text-neutral-400"
              >
                {image.lineage.view}
              </span>
            )}
          </li>
        );
      })}
      {Array.from({ length: props.pending }, (_, i) => (
        <li key={`pending-${i}`} className="shrink-0" aria-hidden>
          <div className="size-16 animate-pulse rounded-xl bg-gradient-to-br from-primary-100 to-secondary-100 ring-1 ring-neutral-200 sm:size-20 dark:from-primary-950 dark:to-secondary-950 dark:ring-neutral-800" />
        </li>
      ))}
    </ul>
  );
}
