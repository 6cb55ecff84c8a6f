import { creditsRefunded } from "#domain/credit-words";
import {
  CircleAlert,
  History,
  CircleStop,
  EllipsisVertical,
  ImagePlus,
  Pencil,
  RefreshCw,
  Sparkles,
  Trash2,
} from "lucide-react";
import { Link } from "react-router";
import { DropdownMenu } from "radix-ui";
import { checkerboard } from "~/lib/checkerboard";
import { cn } from "~/lib/cn";
import { cardImages, responsiveImage } from "#domain/image-url";
import { priceText } from "~/lib/object-format";
import { useModel } from "~/lib/use-models";
import { useRef, useState } from "react";
import { detailLevels, imageSizes } from "#domain/images";
import { ANCHOR_COUNT } from "#domain/limits";
import { describeStaleReasons, samplesPrice, type StyleView } from "#domain/styles";
import { menuContentClasses, menuItemClasses } from "./color-mode-menu";
import { PreviewBadge } from "./preview-badge";
import { Button } from "./ui/button";

/** The widest an anchor thumbnail is shown (half a card in a two-column grid). */
const THUMBNAIL_CSS_PX = cardImages.styleThumbnail.displayWidth;
const THUMBNAIL_QUALITY = cardImages.styleThumbnail.quality;

export function StyleCard(props: {
  style: StyleView;
  progress?: { completed: number; total: number };
  /** Where "Generate objects" in this style leads (the composer with the style chosen). */
  generateHref?: string;
  onEdit?(): void;
  onDelete?(): void;
  /** Opens sample `index` large. */
  onView?(index: number): void;
  /** Stops the style's running job (what was not made is refunded). */
  onCancel?(): Promise<void>;
  /** Makes the samples the style is missing (the card shows their price). */
  onCompleteSamples?(): Promise<void>;
  /** Replaces samples made for earlier settings with new ones (the card shows their price). */
  onRegenerateSamples?(): Promise<void>;
  /** Keeps samples made for earlier settings: they stop showing as out of date. */
  onKeepSamples?(): Promise<void>;
}) {
  const { style } = props;
  const status = style.job?.status;
  const working = status === "queued" || status === "running";
  const failed = status === "failed";
  const canceled = status === "canceled";
  const completed = props.progress?.completed ?? style.anchors.length;
  const total = props.progress?.total ?? ANCHOR_COUNT;
  const missing = Math.max(0, ANCHOR_COUNT - style.anchors.length);
  // Samples are made with the style's model (the operator's default when it has none or it went away).
  const { prices } = useModel(style.defaultModel);
  const missingPrice = samplesPrice({ size: style.defaultSize, detail: style.defaultDetail, count: missing, prices });
  const newSamplesPrice = samplesPrice({ size: style.defaultSize, detail: style.defaultDetail, prices });
  const stale = !working && style.samplesStale.length > 0;
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const act = (action: () => Promise<void>) => async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
      // The button pressed may be gone now: keep the keyboard user in this card.
      if (!document.activeElement || document.activeElement === document.body) heading.current?.focus();
    }
  };

  return (
    <article
      aria-label={style.name}
      data-testid="style-card"
      data-status={status ?? "none"}
      // contain-inline-size: a long unbroken name must not set the card's (or its grid column's) width.
      className="flex flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white shadow-xs transition [contain:inline-size] hover:shadow-md dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className={cn("grid grid-cols-2 gap-px bg-neutral-200 dark:bg-neutral-800")}>
        {Array.from({ length: ANCHOR_COUNT }, (_, i) => {
          const anchor = style.anchors[i];
          if (anchor) {
            const image = (
              <img
                {...responsiveImage(anchor, {
                  displayWidth: THUMBNAIL_CSS_PX,
                  sourceWidth: anchor.width,
                  quality: THUMBNAIL_QUALITY,
                })}
                alt={`${style.name}: ${anchor.subject}`}
                width={anchor.width}
                height={anchor.height}
                loading="lazy"
                className={cn("aspect-square w-full animate-fade-in object-contain", checkerboard())}
              />
            );
            const badge = <PreviewBadge provider={anchor.provider} overlay className="absolute top-1.5 left-1.5" />;
            if (!props.onView)
              return (
                <div key={anchor.id} className="relative">
                  {image}
                  {badge}
                </div>
              );
            const onView = props.onView;
            return (
              <div key={anchor.id} className="relative">
                <button
                  type="button"
                  onClick={() => onView(i)}
                  aria-label={`View ${anchor.subject}`}
                  className="group relative block w-full cursor-zoom-in focus-visible:z-10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-500"
                >
                  {image}
                  <span className="pointer-events-none absolute inset-0 bg-neutral-950/0 transition group-hover:bg-neutral-950/5" />
                </button>
                {badge}
              </div>
            );
          }
          return <SampleSlot key={i} generating={working} />;
        })}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h3
              ref={heading}
              tabIndex={-1}
              data-focus-target
              className="line-clamp-2 font-semibold wrap-anywhere outline-none"
            >
              {style.name}
            </h3>
            {style.madeBy && (
              <p className="truncate text-xs text-neutral-500 dark:text-neutral-400" data-testid="made-by">
                Made by {style.madeBy}
              </p>
            )}
            {style.description ? (
              <p className="line-clamp-2 text-sm text-neutral-600 dark:text-neutral-400">{style.description}</p>
            ) : (
              style.derivedDescription && (
                <p
                  className="line-clamp-2 text-sm text-neutral-600 dark:text-neutral-400"
                  data-testid="derived-description"
                >
                  <span className="font-medium text-neutral-700 dark:text-neutral-300">Derived from its images: </span>
                  {style.derivedDescription.slice(style.derivedDescription.indexOf(":") + 1).trim()}
                </p>
              )
            )}
          </div>
          {(props.onEdit || props.onDelete) && (
            <DropdownMenu.Root modal={false}>
              <DropdownMenu.Trigger
                aria-label={`Actions for ${style.name}`}
                className="-mr-1 rounded-lg p-1.5 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 dark:hover:bg-neutral-800 dark:hover:text-white"
              >
                <EllipsisVertical aria-hidden className="size-4" />
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClasses}>
                  {props.generateHref && (
                    <DropdownMenu.Item asChild className={menuItemClasses}>
                      <Link to={props.generateHref}>
                        <Sparkles aria-hidden className="size-4" /> Generate objects
                      </Link>
                    </DropdownMenu.Item>
                  )}
                  {props.onEdit && (
                    <DropdownMenu.Item className={menuItemClasses} onSelect={props.onEdit}>
                      <Pencil aria-hidden className="size-4" /> Edit
                    </DropdownMenu.Item>
                  )}
                  {props.onDelete && (
                    <DropdownMenu.Item
                      className={cn(menuItemClasses, "text-red-600 dark:text-red-400")}
                      onSelect={props.onDelete}
                    >
                      <Trash2 aria-hidden className="size-4" /> Delete
                    </DropdownMenu.Item>
                  )}
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          )}
        </div>
        {style.palette.length > 0 && (
          <ul className="flex gap-1.5" aria-label="Palette">
            {style.palette.map((colour) => (
              <li
                key={colour}
                title={colour}
                className="size-5 rounded-full ring-1 ring-black/10 dark:ring-white/15"
                style={{ backgroundColor: colour }}
              >
                <span className="sr-only">{colour}</span>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-2 text-xs text-neutral-600 dark:text-neutral-300">
          <span className="rounded-md bg-neutral-100 px-2 py-0.5 dark:bg-neutral-800">
            {imageSizes[style.defaultSize].label}
          </span>
          <span className="rounded-md bg-neutral-100 px-2 py-0.5 dark:bg-neutral-800">
            {detailLevels[style.defaultDetail].label}
          </span>
          {style.defaultTransparent && (
            <span className="rounded-md bg-neutral-100 px-2 py-0.5 dark:bg-neutral-800">Transparent</span>
          )}
        </div>
        {working && (
          <div className="grid gap-1.5" data-testid="style-progress">
            <div className="flex items-center justify-between gap-2 text-xs font-medium text-neutral-600 dark:text-neutral-400">
              {/* Only the words are announced; the Cancel button stays out of the live region. */}
              <p role="status" aria-live="polite" className="flex flex-1 justify-between gap-2">
                <span>{status === "queued" ? "Waiting to start…" : "Generating sample images…"}</span>
                <span className="tabular-nums">
                  {completed} of {total}
                </span>
              </p>
              {props.onCancel && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={act(props.onCancel)}
                  aria-label={`Cancel generating ${style.name}`}
                  className="-my-1 rounded-md px-1.5 py-1 text-neutral-600 underline-offset-2 hover:bg-neutral-100 dark:text-neutral-300 hover:text-neutral-900 disabled:opacity-50 dark:hover:bg-neutral-800 dark:hover:text-white"
                >
                  Cancel
                </button>
              )}
            </div>
            <div className="h-1.5 overflow-hidden rounded-full bg-neutral-100 dark:bg-neutral-800">
              <div
                className="h-full rounded-full bg-gradient-to-r from-primary-500 to-secondary-500 transition-[width] duration-500"
                style={{ width: `${Math.max(6, (completed / total) * 100)}%` }}
              />
            </div>
          </div>
        )}
        {(failed || canceled) && style.job?.error && (
          <p
            role={failed ? "alert" : "status"}
            className={cn(
              "flex gap-2 rounded-lg p-2.5 text-xs",
              failed
                ? "bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-200"
                : "bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300",
            )}
          >
            {failed ? (
              <CircleAlert aria-hidden className="size-4 shrink-0" />
            ) : (
              <CircleStop aria-hidden className="size-4 shrink-0" />
            )}
            <span>
              {style.job.error}
              {failed && style.job.refunded && ` Your ${creditsRefunded(style.job.refundedCredits)}.`}
            </span>
          </p>
        )}
        {stale && (
          <div
            className="grid gap-2 rounded-lg bg-amber-50 p-2.5 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-100"
            data-testid="stale-samples"
          >
            <p className="flex gap-2">
              <History aria-hidden className="size-4 shrink-0" />
              <span>These samples were made for {describeStaleReasons(style.samplesStale)}.</span>
            </p>
            {(props.onRegenerateSamples || props.onKeepSamples) && (
              <div className="flex flex-wrap gap-2">
                {props.onRegenerateSamples && (
                  <Button size="sm" disabled={busy} onClick={act(props.onRegenerateSamples)}>
                    <RefreshCw aria-hidden className={cn("size-3.5", busy && "animate-spin")} />
                    Make new samples
                    <span className="opacity-80">· {priceText(newSamplesPrice)}</span>
                  </Button>
                )}
                {props.onKeepSamples && (
                  <Button size="sm" variant="secondary" disabled={busy} onClick={act(props.onKeepSamples)}>
                    Keep these
                  </Button>
                )}
              </div>
            )}
          </div>
        )}
        {!working && !stale && missing > 0 && props.onCompleteSamples && (
          <Button variant="secondary" size="sm" disabled={busy} onClick={act(props.onCompleteSamples)}>
            <RefreshCw aria-hidden className={cn("size-3.5", busy && "animate-spin")} />
            {missing === ANCHOR_COUNT
              ? "Make the samples"
              : `Make ${missing} missing ${missing === 1 ? "sample" : "samples"}`}
            <span className="text-neutral-500 dark:text-neutral-400">· {priceText(missingPrice)}</span>
          </Button>
        )}
      </div>
    </article>
  );
}

/**
 * A sample not there yet: a skeleton while the style's job makes it (still for people who ask
 * for less motion), else a dashed slot that says it is missing; the card's button offers to make it.
 */
function SampleSlot(props: { generating: boolean }) {
  if (props.generating)
    return (
      <div
        aria-hidden
        data-testid="sample-slot"
        data-state="generating"
        className="relative aspect-square overflow-hidden bg-neutral-100 dark:bg-neutral-900"
      >
        <div className="absolute inset-0 animate-pulse bg-gradient-to-tr from-primary-500/15 via-neutral-200/40 to-secondary-500/20 dark:from-primary-400/10 dark:via-white/[0.06] dark:to-secondary-400/10" />
      </div>
    );
  return (
    <div
      aria-hidden
      data-testid="sample-slot"
      data-state="missing"
      className="aspect-square bg-white p-2 dark:bg-neutral-900"
    >
      <div className="grid size-full place-content-center justify-items-center gap-1.5 rounded-xl border-2 border-dashed border-neutral-200 text-xs text-neutral-500 dark:border-neutral-700 dark:text-neutral-400">
        <ImagePlus className="size-5 text-neutral-400 dark:text-neutral-500" />
        No sample yet
      </div>
    </div>
  );
}

export function StyleCardSkeleton() {
  return (
    <div aria-hidden className="overflow-hidden rounded-2xl border border-neutral-200 dark:border-neutral-800">
      <div className="aspect-square animate-pulse bg-neutral-100 dark:bg-neutral-800" />
      <div className="grid gap-2 p-4">
        <div className="h-4 w-1/2 animate-pulse rounded bg-neutral-100 dark:bg-neutral-800" />
        <div className="h-3 w-3/4 animate-pulse rounded bg-neutral-100 dark:bg-neutral-800" />
      </div>
    </div>
  );
}
