import { ChevronLeft, ChevronRight, LoaderCircle, Minus, Plus, Star } from "lucide-react";
import { useState, type KeyboardEvent, type ReactNode } from "react";
import { stageImage } from "#domain/image-url";
import type { ObjectImageView } from "#domain/objects";
import { checkerboard } from "~/lib/ui/checkerboard";
import { cn } from "~/lib/ui/cn";
import { useBackdrop, type Backdrop } from "~/lib/hooks/use-backdrop";
import { PreviewBadge } from "../preview-badge";
import { Button } from "../ui/button";
import { shownImage } from "./shown-image";

/** "fit" shows the whole image; a number is a scale, 1 being one image pixel per CSS pixel. */
type Zoom = "fit" | number;
const SCALES = [0.5, 1, 2] as const;

function zoomIn(zoom: Zoom): Zoom {
  if (zoom === "fit") return 1;
  return SCALES.find((s) => s > zoom) ?? zoom;
}
function zoomOut(zoom: Zoom): Zoom {
  if (zoom === "fit") return "fit";
  const smaller = [...SCALES].reverse().find((s) => s < zoom);
  return smaller ?? "fit";
}
const zoomLabel = (zoom: Zoom) => (zoom === "fit" ? "Fit" : `${Math.round(zoom * 100)}%`);

/**
 * The shown image, large, on a checkerboard where it is transparent. Click it
 * (or press Enter on it) to switch between fitting the stage and 100%; + and −
 * step the zoom, 0 fits, arrow keys move between the object's images.
 */
export function ImageStage(props: {
  image: ObjectImageView;
  alt: string;
  index: number;
  count: number;
  isCover: boolean;
  onStep(step: number): void;
}) {
  const { image } = props;
  // Another image starts fitted; the stage itself stays mounted, so focus stays on the control used.
  const [state, setState] = useState<{ imageId: string; zoom: Zoom }>({ imageId: image.id, zoom: "fit" });
  // The image the page opened with is its largest paint: shown at once, not faded in. Another,
  // chosen on the page, fades in.
  const [firstImageId] = useState(image.id);
  const zoom = state.imageId === image.id ? state.zoom : "fit";
  const setZoom = (next: Zoom | ((current: Zoom) => Zoom)) =>
    setState({ imageId: image.id, zoom: typeof next === "function" ? next(zoom) : next });
  const fitted = zoom === "fit";
  const shown = shownImage(image, stageImage);
  const [backdrop, setBackdrop] = useBackdrop();

  function onKeyDown(event: KeyboardEvent) {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    const key = event.key;
    if (key === "+" || key === "=") setZoom(zoomIn);
    else if (key === "-" || key === "_") setZoom(zoomOut);
    else if (key === "0") setZoom("fit");
    else if (fitted && props.count > 1 && key === "ArrowRight") props.onStep(1);
    else if (fitted && props.count > 1 && key === "ArrowLeft") props.onStep(-1);
    else return;
    event.preventDefault();
  }

  return (
    <div
      onKeyDown={onKeyDown}
      data-testid="image-stage"
      className={cn(
        "relative overflow-hidden rounded-2xl border border-neutral-200 dark:border-neutral-800",
        image.hasAlpha ? backdropClass(backdrop) : "bg-neutral-100 dark:bg-neutral-900",
      )}
      data-backdrop={image.hasAlpha ? backdrop : undefined}
    >
      <div
        className={cn(
          "aspect-square max-h-[70dvh] w-full overscroll-contain sm:aspect-auto sm:h-[clamp(18rem,calc(100dvh-22rem),40rem)] sm:max-h-none",
          fitted ? "overflow-hidden" : "overflow-auto",
        )}
      >
        {/* One button in both modes, so the keyboard focus stays on it while zooming. */}
        <div className={fitted ? "size-full" : "flex h-max min-h-full w-max min-w-full p-4"}>
          <button
            type="button"
            onClick={() => setZoom(fitted ? 1 : "fit")}
            aria-label={`${props.alt}. ${fitted ? "Zoom to 100%" : "Fit to the stage"}`}
            className={cn(
              "block outline-none focus-visible:ring-2 focus-visible:ring-primary-500",
              fitted ? "size-full cursor-zoom-in p-4 focus-visible:ring-inset sm:p-8" : "m-auto cursor-zoom-out",
            )}
          >
            {fitted ? (
              <img
                key="fit"
                src={shown.src}
                srcSet={shown.srcSet}
                sizes={shown.sizes}
                // The page's largest paint: asked for before the scripts.
                fetchPriority="high"
                alt={props.alt}
                width={image.width}
                height={image.height}
                className={cn(
                  "size-full object-contain drop-shadow-sm",
                  image.id !== firstImageId && "animate-fade-in",
                  shown.className,
                )}
              />
            ) : (
              // At 100% and over, the original file: every pixel as generated.
              <img
                key="original"
                src={image.url}
                alt={props.alt}
                width={image.width}
                height={image.height}
                style={{ width: image.width * zoom, height: image.height * zoom }}
                className={cn("max-w-none", shown.className)}
              />
            )}
          </button>
        </div>
      </div>

      <PreviewBadge provider={image.provider} overlay className="absolute top-3 left-3 px-2.5 py-1 text-xs" />

      <div
        role="group"
        aria-label="Zoom"
        className="absolute top-3 right-3 flex items-center gap-0.5 rounded-xl bg-white/90 p-1 shadow-sm ring-1 ring-neutral-200 backdrop-blur dark:bg-neutral-900/90 dark:ring-neutral-700"
      >
        <StageButton label="Zoom out" disabled={fitted} onClick={() => setZoom(zoomOut)}>
          <Minus aria-hidden className="size-4" />
        </StageButton>
        <button
          type="button"
          onClick={() => setZoom(fitted ? 1 : "fit")}
          aria-label={`${zoomLabel(zoom)}: ${fitted ? "zoom to 100%" : "fit to the stage"}`}
          className="h-8 min-w-14 rounded-lg px-2 text-xs font-semibold tabular-nums transition hover:bg-neutral-100 dark:hover:bg-neutral-800"
        >
          {zoomLabel(zoom)}
        </button>
        <StageButton label="Zoom in" disabled={zoom === SCALES.at(-1)} onClick={() => setZoom(zoomIn)}>
          <Plus aria-hidden className="size-4" />
        </StageButton>
      </div>

      {image.hasAlpha && <BackdropSwitch backdrop={backdrop} onChange={setBackdrop} />}

      <p className="pointer-events-none absolute bottom-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-white/90 px-2.5 py-1 text-xs font-medium text-neutral-800 tabular-nums shadow-sm ring-1 ring-neutral-200 backdrop-blur dark:bg-neutral-900/90 dark:text-neutral-100 dark:ring-neutral-700">
        {props.isCover && <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-500" />}
        {props.count > 1 ? `Image ${props.index + 1} of ${props.count}` : "Image 1"}
        {props.isCover && " · Cover"}
      </p>

      {props.count > 1 && fitted && (
        <>
          <Button
            variant="secondary"
            size="icon"
            aria-label="Previous image"
            onClick={() => props.onStep(-1)}
            className="absolute top-1/2 left-3 -translate-y-1/2 rounded-full"
          >
            <ChevronLeft aria-hidden className="size-5" />
          </Button>
          <Button
            variant="secondary"
            size="icon"
            aria-label="Next image"
            onClick={() => props.onStep(1)}
            className="absolute top-1/2 right-3 -translate-y-1/2 rounded-full"
          >
            <ChevronRight aria-hidden className="size-5" />
          </Button>
        </>
      )}
    </div>
  );
}

const backdropLabels: Record<Backdrop, string> = { checker: "Checkerboard", light: "White", dark: "Black" };

function backdropClass(backdrop: Backdrop, checkerSize = "bg-[length:24px_24px]"): string {
  if (backdrop === "light") return "bg-white";
  if (backdrop === "dark") return "bg-neutral-950";
  return checkerboard(checkerSize);
}

/** Checkerboard, white or black behind a transparent image; remembered for every image. */
function BackdropSwitch(props: { backdrop: Backdrop; onChange(next: Backdrop): void }) {
  return (
    <div
      role="group"
      aria-label="Backdrop"
      className="absolute right-3 bottom-3 flex items-center gap-0.5 rounded-xl bg-white/90 p-1 shadow-sm ring-1 ring-neutral-200 backdrop-blur dark:bg-neutral-900/90 dark:ring-neutral-700"
    >
      {(Object.keys(backdropLabels) as Backdrop[]).map((backdrop) => (
        <button
          key={backdrop}
          type="button"
          aria-pressed={props.backdrop === backdrop}
          aria-label={`${backdropLabels[backdrop]} backdrop`}
          title={`${backdropLabels[backdrop]} backdrop`}
          onClick={() => props.onChange(backdrop)}
          className={cn(
            "grid size-8 place-items-center rounded-lg transition hover:bg-neutral-100 dark:hover:bg-neutral-800",
            props.backdrop === backdrop && "ring-2 ring-primary-500",
          )}
        >
          <span
            aria-hidden
            className={cn(
              "size-4 rounded-md ring-1 ring-neutral-300 dark:ring-neutral-600",
              backdropClass(backdrop, "bg-[length:8px_8px]"),
            )}
          />
        </button>
      ))}
    </div>
  );
}

function StageButton(props: { label: string; disabled?: boolean; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
      className="grid size-8 place-items-center rounded-lg transition hover:bg-neutral-100 disabled:opacity-40 disabled:hover:bg-transparent dark:hover:bg-neutral-800"
    >
      {props.children}
    </button>
  );
}

/** The stage while an object's first image is still being made. */
export function PendingStage(props: { name: string; status: string }) {
  return (
    <div
      className={cn(
        "grid aspect-square max-h-[70dvh] place-items-center sm:aspect-auto sm:h-[clamp(18rem,calc(100dvh-22rem),40rem)] sm:max-h-none rounded-2xl border border-neutral-200 dark:border-neutral-800",
        checkerboard("bg-[length:24px_24px]"),
      )}
    >
      <div className="grid justify-items-center gap-3 rounded-2xl bg-white/90 px-6 py-5 text-center shadow-sm ring-1 ring-neutral-200 backdrop-blur dark:bg-neutral-900/90 dark:ring-neutral-700">
        <div className="size-24 animate-pulse rounded-2xl bg-gradient-to-br from-primary-200 to-secondary-200 dark:from-primary-900 dark:to-secondary-900" />
        <p role="status" className="flex items-center gap-2 text-sm font-medium">
          <LoaderCircle aria-hidden className="size-4 animate-spin text-primary-600 dark:text-primary-400" />
          {props.status}
        </p>
      </div>
    </div>
  );
}
