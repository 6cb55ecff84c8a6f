import { Check, ImageIcon, Images, LoaderCircle } from "lucide-react";
import { AppLink } from "~/components/app-link";
import type { ObjectSummary } from "#domain/objects";
import { checkerboard } from "~/lib/ui/checkerboard";
import { cn } from "~/lib/ui/cn";
import { cardImages, responsiveImage } from "#domain/image-url";
import { PreviewBadge } from "../preview-badge";

/** The widest a card's cover is shown: a quarter of the content column on a wide screen. */
const COVER_CSS_PX = cardImages.objectCover.displayWidth;
const COVER_QUALITY = cardImages.objectCover.quality;

/** What a card shows of an object. */
const CARD_FIELDS = ["id", "name", "cover", "imageCount", "generating", "style", "madeBy"] as const;
export type ObjectCardData = Pick<ObjectSummary, (typeof CARD_FIELDS)[number]>;

/** An object as its card needs it: a page that shows only cards sends no more. */
export const objectCardData = (object: ObjectSummary): ObjectCardData =>
  Object.fromEntries(CARD_FIELDS.map((field) => [field, object[field]])) as ObjectCardData;

/** One object in a grid: its cover, name, style and image count; a link to the object. */
export function ObjectCard(props: {
  object: ObjectCardData;
  /** Shown with a checkbox (the library's multi-select). */
  selection?: { selected: boolean; active: boolean; onChange(selected: boolean): void };
  /** Load the cover at once (the first row of a grid). */
  eager?: boolean;
}) {
  const { object, selection } = props;
  const cover = object.cover;
  const count = object.imageCount;
  return (
    <article
      aria-label={object.name}
      data-testid="object-card"
      data-generating={object.generating || undefined}
      className={selection?.selected ? "group object-card object-card-selected" : "group object-card object-card-idle"}
    >
      <AppLink to={`/app/object/${object.id}`} className="object-card-link">
        <div
          className={cn(
            "relative aspect-square overflow-hidden",
            cover?.hasAlpha ? checkerboard() : "bg-neutral-100 dark:bg-neutral-800",
          )}
        >
          {cover ? (
            <img
              {...responsiveImage(cover, {
                displayWidth: COVER_CSS_PX,
                sourceWidth: cover.width,
                quality: COVER_QUALITY,
              })}
              alt=""
              width={cover.width}
              height={cover.height}
              loading={props.eager ? "eager" : "lazy"}
              className="object-card-cover"
            />
          ) : (
            <div
              className={cn(
                "grid size-full place-items-center",
                object.generating && "animate-pulse bg-neutral-200/70 dark:bg-neutral-700/60",
              )}
            >
              {!object.generating && (
                <ImageIcon aria-hidden className="size-8 text-neutral-300 dark:text-neutral-600" />
              )}
            </div>
          )}
          {object.generating && (
            <>
              {/* A soft sweep over the cover while more images are on their way. */}
              <div
                aria-hidden
                className="pointer-events-none absolute inset-0 animate-pulse bg-gradient-to-tr from-primary-500/10 via-white/30 to-secondary-500/15 dark:via-white/5"
              />
              <span className="absolute bottom-2 left-2 inline-flex items-center gap-1.5 rounded-full bg-white/90 px-2.5 py-1 text-xs font-medium text-neutral-800 shadow-sm backdrop-blur dark:bg-neutral-950/80 dark:text-neutral-100">
                <LoaderCircle aria-hidden className="size-3.5 animate-spin text-primary-600 dark:text-primary-400" />
                Generating
              </span>
            </>
          )}
          <PreviewBadge provider={cover?.provider} overlay brief className="absolute right-2 bottom-2" />
          {count > 0 && (
            <span className="count-pill absolute top-2 right-2">
              <Images aria-hidden className="size-3.5" />
              {count}
              <span className="sr-only">{count === 1 ? " image" : " images"}</span>
            </span>
          )}
        </div>
        <div className="object-card-caption">
          <h3 className="object-card-title">{object.name}</h3>
          <p className="object-card-subtitle">
            {object.style.name}
            {object.madeBy && <span data-testid="made-by"> · by {object.madeBy}</span>}
          </p>
        </div>
      </AppLink>
      {selection && (
        <label
          className={cn(
            "absolute top-2 left-2 z-10 grid size-8 place-items-center rounded-lg transition",
            "has-focus-visible:opacity-100 has-focus-visible:outline-2 has-focus-visible:outline-primary-500 pointer-coarse:opacity-100",
            selection.selected || selection.active ? "opacity-100" : "opacity-0 group-hover:opacity-100",
          )}
        >
          {/* The real checkbox covers the drawn one: clicks, taps and assistive technology all reach it. */}
          <input
            type="checkbox"
            className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-lg opacity-0"
            checked={selection.selected}
            onChange={(e) => selection.onChange(e.target.checked)}
            aria-label={`Select ${object.name}`}
          />
          <span
            aria-hidden
            className={cn(
              "grid size-6 place-items-center rounded-md border-2 shadow-sm transition",
              selection.selected
                ? "border-primary-600 bg-primary-600 text-white dark:border-primary-400 dark:bg-primary-400 dark:text-neutral-950"
                : "border-neutral-400 bg-white/95 text-transparent peer-hover:border-primary-500 dark:border-neutral-500 dark:bg-neutral-900/90",
            )}
          >
            <Check className="size-4" strokeWidth={3} />
          </span>
        </label>
      )}
    </article>
  );
}

export function ObjectCardSkeleton() {
  return (
    <div aria-hidden data-testid="object-card-skeleton" className="skeleton-card">
      <div className="skeleton-fill aspect-square" />
      <div className="object-card-caption grid gap-2">
        <div className="skeleton-fill h-3.5 w-2/3 rounded" />
        <div className="skeleton-fill h-3 w-1/3 rounded" />
      </div>
    </div>
  );
}

/** The grid every object list uses: two columns on a phone, up to four on a wide screen. */
export const objectGridClasses = "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4";
