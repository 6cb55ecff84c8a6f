import { useRef } from "react";
import { cardImages, responsiveImage } from "#domain/image-url";
import { ANCHOR_COUNT } from "#domain/limits";
import type { StyleView } from "#domain/styles";
import { checkerboard } from "~/lib/ui/checkerboard";
import { cn } from "~/lib/ui/cn";
import { PreviewBadge } from "../preview-badge";
import { SampleSlot, samplesWorking, StyleSampleStatus, type SampleActions } from "../style-sample-status";

/**
 * A style's four samples on its page, larger than on its card: each opens large; the ones not made
 * yet are skeletons while its job runs (dashed slots otherwise), and what can be done about them is
 * underneath.
 */
export function StyleSamples(
  props: SampleActions & {
    style: StyleView;
    progress?: { completed: number; total: number };
    onView(index: number): void;
  },
) {
  const { style } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section
      aria-labelledby="samples-heading"
      className="grid gap-4 rounded-2xl border border-neutral-200 bg-white p-4 sm:p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div>
        <h2 id="samples-heading" ref={heading} tabIndex={-1} className="font-semibold outline-none">
          Samples
        </h2>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          Every image made in this style is matched to these.
        </p>
      </div>
      <ul aria-label={`Samples of ${style.name}`} className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        {Array.from({ length: ANCHOR_COUNT }, (_, i) => {
          const anchor = style.anchors[i];
          return (
            <li key={anchor?.id ?? `slot-${i}`} className="relative" data-testid="sample">
              {anchor ? (
                <>
                  <button
                    type="button"
                    onClick={() => props.onView(i)}
                    aria-label={`View ${anchor.subject}`}
                    className="group block w-full cursor-zoom-in rounded-xl focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-500"
                  >
                    <img
                      {...responsiveImage(anchor, {
                        displayWidth: cardImages.styleThumbnail.displayWidth,
                        sourceWidth: anchor.width,
                        quality: cardImages.styleThumbnail.quality,
                      })}
                      alt={`${style.name}: ${anchor.subject}`}
                      width={anchor.width}
                      height={anchor.height}
                      className={cn(
                        "aspect-square w-full animate-fade-in rounded-xl object-contain ring-1 ring-black/5 transition group-hover:brightness-95 dark:ring-white/10",
                        checkerboard(),
                      )}
                    />
                    <span className="mt-1.5 block truncate text-left text-xs text-neutral-600 dark:text-neutral-400">
                      {anchor.subject}
                    </span>
                  </button>
                  <PreviewBadge provider={anchor.provider} overlay className="absolute top-1.5 left-1.5" />
                </>
              ) : (
                <div className="overflow-hidden rounded-xl">
                  <SampleSlot generating={samplesWorking(style)} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <StyleSampleStatus
        style={style}
        progress={props.progress}
        onCancel={props.onCancel}
        onCompleteSamples={props.onCompleteSamples}
        onRegenerateSamples={props.onRegenerateSamples}
        onKeepSamples={props.onKeepSamples}
        onFocusLost={() => heading.current?.focus()}
      />
    </section>
  );
}
