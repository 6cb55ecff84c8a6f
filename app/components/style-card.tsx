import { EllipsisVertical } from "lucide-react";
import { AppLink } from "~/components/app-link";
import { checkerboard } from "~/lib/ui/checkerboard";
import { cn } from "~/lib/ui/cn";
import { cardImages, responsiveWidths, sizedImage, styleCardSampleSizes } from "#domain/image-url";
import { lazy, useRef, useState } from "react";
import { detailLevels, imageSizes } from "#domain/images";
import { ANCHOR_COUNT } from "#domain/limits";
import type { StyleView } from "#domain/styles";
import { LazyDropdown } from "./ui/lazy-dropdown";
import { PreviewBadge } from "./preview-badge";
import { SampleSlot, samplesWorking, StyleSampleStatus, type SampleActions } from "./style-sample-status";

/** The copies made for every sample when it is stored (server/images/card-variants.server.ts). */
const THUMBNAIL_WIDTHS = responsiveWidths(cardImages.styleThumbnail).map(({ width }) => width);
const THUMBNAIL_QUALITY = cardImages.styleThumbnail.quality;

const loadMenu = () => import("./style-card-menu");
const StyleCardMenu = lazy(loadMenu);

/**
 * The first sample of the first card on a page: fetched first (preloaded in the document's head)
 * and painted with the page's first paint. The other samples stay lazy: preloaded too, they take
 * the bandwidth the page's first paint needs on a slow phone.
 */
const firstOnPage = { loading: "eager", fetchPriority: "high", decoding: "sync" } as const;
/**
 * The first card's other samples, on the first screen too: asked for at low priority, so a phone
 * on a slow network (six connections at most, over HTTP/1.1) fetches the page's scripts and its
 * first sample before them rather than beside them (a browser raises a shown image to high).
 */
const restOfFirstCard = { loading: "lazy", fetchPriority: "low" } as const;
const lazily = { loading: "lazy" } as const;

export function StyleCard(
  props: SampleActions & {
    style: StyleView;
    /** The style's own page: its name links there. */
    href?: string;
    progress?: { completed: number; total: number };
    /** Where "Generate objects" in this style leads (the composer with the style chosen). */
    generateHref?: string;
    onEdit?(): void;
    onDelete?(): void;
    /** Opens sample `index` large. */
    onView?(index: number): void;
    /** A card at the top of its page: a phone's largest paint may be its first sample. */
    eager?: boolean;
  },
) {
  const { style } = props;
  const status = style.job?.status;
  const working = samplesWorking(style);
  const heading = useRef<HTMLHeadingElement>(null);
  // Samples the card opened with are shown at once (the page's largest paint is among them);
  // those that arrive while it is shown fade in.
  const [shownFirst] = useState(() => new Set(style.anchors.map((anchor) => anchor.id)));

  return (
    <article
      aria-label={style.name}
      data-testid="style-card"
      data-status={status ?? "none"}
      // contain-inline-size: a long unbroken name must not set the card's (or its grid column's) width.
      className="flex flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white shadow-xs transition [contain:inline-size] hover:shadow-md dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="sample-grid bg-neutral-200 dark:bg-neutral-800">
        {Array.from({ length: ANCHOR_COUNT }, (_, i) => {
          const anchor = style.anchors[i];
          if (anchor) {
            const image = (
              <img
                {...sizedImage(anchor, {
                  sizes: styleCardSampleSizes,
                  widths: THUMBNAIL_WIDTHS,
                  sourceWidth: anchor.width,
                  quality: THUMBNAIL_QUALITY,
                })}
                alt={`${style.name}: ${anchor.subject}`}
                width={anchor.width}
                height={anchor.height}
                {...(!props.eager ? lazily : i === 0 ? firstOnPage : restOfFirstCard)}
                className={cn(
                  "aspect-square w-full object-contain",
                  !shownFirst.has(anchor.id) && "animate-fade-in",
                  checkerboard(),
                )}
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
              {props.href ? (
                <AppLink
                  to={props.href}
                  className="rounded-sm hover:text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 dark:hover:text-primary-300"
                >
                  {style.name}
                </AppLink>
              ) : (
                style.name
              )}
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
            <LazyDropdown
              preload={loadMenu}
              trigger={
                <button
                  type="button"
                  aria-label={`Actions for ${style.name}`}
                  className="-mr-1 rounded-lg p-1.5 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 dark:hover:bg-neutral-800 dark:hover:text-white"
                >
                  <EllipsisVertical aria-hidden className="size-4" />
                </button>
              }
            >
              {(menu) => (
                <StyleCardMenu
                  {...menu}
                  generateHref={props.generateHref}
                  onEdit={props.onEdit}
                  onDelete={props.onDelete}
                />
              )}
            </LazyDropdown>
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
        <StyleSampleStatus
          style={style}
          progress={props.progress}
          onCancel={props.onCancel}
          onCompleteSamples={props.onCompleteSamples}
          onRegenerateSamples={props.onRegenerateSamples}
          onKeepSamples={props.onKeepSamples}
          // The button pressed may be gone now: keep the keyboard user in this card.
          onFocusLost={() => heading.current?.focus()}
        />
      </div>
    </article>
  );
}

export function StyleCardSkeleton() {
  return (
    <div aria-hidden className="skeleton-card">
      <div className="skeleton-fill aspect-square" />
      <div className="grid gap-2 p-4">
        <div className="skeleton-fill h-4 w-1/2 rounded" />
        <div className="skeleton-fill h-3 w-3/4 rounded" />
      </div>
    </div>
  );
}
