import { Brush, Eraser, Trash2, Undo2 } from "lucide-react";
import { useEffect, useRef, useState, type PointerEvent } from "react";
import type { ObjectImageView } from "#domain/objects";
import { checkerboard } from "~/lib/ui/checkerboard";
import { cn } from "~/lib/ui/cn";
import { shownImage } from "./shown-image";
import { BRUSH_MAX, BRUSH_MIN, brushPixels, drawStrokes, imagePoint, type Stroke } from "~/lib/ui/region-strokes";

/** The painted region over the image, as a person sees it: the brand colour at half strength. */
const REGION_COLOUR = "#6366f1";

export interface RegionBrush {
  strokes: Stroke[];
  tool: Stroke["tool"];
  /** The brush's diameter as a share of the image's longer side. */
  share: number;
}

/**
 * The shown image with a brush over it: paint marks the region to repaint, erase takes it back.
 * Works with a mouse, a pen and a finger (pointer events, no scrolling while drawing); the
 * strokes are kept in the image's own pixels, so the mask matches the image at any zoom.
 */
export function PaintStage(props: {
  image: ObjectImageView;
  alt: string;
  brush: RegionBrush;
  onChange(brush: RegionBrush): void;
}) {
  const { image, brush } = props;
  const size = { width: image.width, height: image.height };
  const canvas = useRef<HTMLCanvasElement>(null);
  const region = useRef<HTMLCanvasElement | null>(null);
  const [drawing, setDrawing] = useState<Stroke | null>(null);
  const strokes = drawing ? [...brush.strokes, drawing] : brush.strokes;
  const shown = shownImage(image, { displayWidth: 820, quality: 90 });

  // Strokes are drawn opaque on a canvas of their own, then shown at half strength in one go,
  // so where strokes cross the region is no darker than elsewhere.
  useEffect(() => {
    const shown = canvas.current?.getContext("2d");
    if (!shown) return;
    region.current ??= document.createElement("canvas");
    const off = region.current;
    off.width = size.width;
    off.height = size.height;
    const ctx = off.getContext("2d");
    if (!ctx) return;
    drawStrokes(ctx, strokes, size, REGION_COLOUR);
    shown.clearRect(0, 0, size.width, size.height);
    shown.globalAlpha = 0.55;
    shown.drawImage(off, 0, 0);
    shown.globalAlpha = 1;
  });

  function point(event: PointerEvent<HTMLCanvasElement>) {
    return imagePoint(event, event.currentTarget.getBoundingClientRect(), size);
  }

  function start(event: PointerEvent<HTMLCanvasElement>) {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrawing({ tool: brush.tool, size: brushPixels(brush.share, size), points: [point(event)] });
  }

  function move(event: PointerEvent<HTMLCanvasElement>) {
    if (!drawing) return;
    // A pen and a finger report points between frames too: every one makes the line smoother.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [event.nativeEvent];
    const rect = event.currentTarget.getBoundingClientRect();
    setDrawing({ ...drawing, points: [...drawing.points, ...events.map((e) => imagePoint(e, rect, size))] });
  }

  function end() {
    if (!drawing) return;
    props.onChange({ ...brush, strokes: [...brush.strokes, drawing] });
    setDrawing(null);
  }

  return (
    <div
      data-testid="paint-stage"
      className={cn(
        "relative overflow-hidden rounded-2xl border-2 border-primary-500 dark:border-primary-400",
        image.hasAlpha ? checkerboard("bg-[length:24px_24px]") : "bg-neutral-100 dark:bg-neutral-900",
      )}
    >
      {/* The painted box is sized from the stage's own box (container units), never from the
          image's intrinsic size: an image wider or taller than the stage would otherwise overflow
          the clipped stage, and the brush's edges would lie under the page around it. */}
      <div
        className="grid aspect-square max-h-[70dvh] w-full place-items-center p-4 sm:aspect-auto sm:h-[clamp(18rem,calc(100dvh-22rem),40rem)] sm:max-h-none sm:p-8"
        style={{ containerType: "size" }}
      >
        <div
          className="relative"
          style={{
            aspectRatio: `${size.width} / ${size.height}`,
            width: `min(100cqw, 100cqh * ${size.width / size.height})`,
          }}
        >
          <img
            src={shown.src}
            srcSet={shown.srcSet}
            alt={props.alt}
            width={size.width}
            height={size.height}
            draggable={false}
            className={cn("block size-full object-contain select-none", shown.className)}
          />
          <canvas
            ref={canvas}
            width={size.width}
            height={size.height}
            role="img"
            aria-label={`The region to repaint, painted over ${props.alt}`}
            data-testid="paint-canvas"
            onPointerDown={start}
            onPointerMove={move}
            onPointerUp={end}
            onPointerCancel={end}
            className={cn(
              "absolute inset-0 size-full touch-none",
              brush.tool === "paint" ? "cursor-crosshair" : "cursor-cell",
            )}
          />
        </div>
      </div>
      <p className="pointer-events-none absolute top-3 left-3 rounded-full bg-white/90 px-2.5 py-1 text-xs font-medium text-neutral-800 shadow-sm ring-1 ring-neutral-200 backdrop-blur dark:bg-neutral-900/90 dark:text-neutral-100 dark:ring-neutral-700">
        Paint over what to repaint
      </p>
    </div>
  );
}

/** Paint or erase, the brush's size, undo and clear: the brush's controls, beside the prompt. */
export function BrushTools(props: { brush: RegionBrush; onChange(brush: RegionBrush): void }) {
  const { brush } = props;
  const tools = [
    { tool: "paint" as const, label: "Paint", Icon: Brush },
    { tool: "erase" as const, label: "Erase", Icon: Eraser },
  ];
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Brush" className="inline-flex rounded-xl bg-neutral-100 p-1 dark:bg-neutral-800">
          {tools.map(({ tool, label, Icon }) => (
            <button
              key={tool}
              type="button"
              aria-pressed={brush.tool === tool}
              onClick={() => props.onChange({ ...brush, tool })}
              className={cn(
                "inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-primary-500",
                brush.tool === tool
                  ? "bg-white text-neutral-900 shadow-sm dark:bg-neutral-950 dark:text-white"
                  : "text-neutral-600 hover:text-neutral-900 dark:text-neutral-300 dark:hover:text-white",
              )}
            >
              <Icon aria-hidden className="size-4" /> {label}
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => props.onChange({ ...brush, strokes: brush.strokes.slice(0, -1) })}
          disabled={brush.strokes.length === 0}
          className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-neutral-700 transition hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-500 disabled:opacity-40 dark:text-neutral-300 dark:hover:bg-neutral-800"
        >
          <Undo2 aria-hidden className="size-4" /> Undo
        </button>
        <button
          type="button"
          onClick={() => props.onChange({ ...brush, strokes: [] })}
          disabled={brush.strokes.length === 0}
          className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-neutral-700 transition hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-500 disabled:opacity-40 dark:text-neutral-300 dark:hover:bg-neutral-800"
        >
          <Trash2 aria-hidden className="size-4" /> Clear
        </button>
      </div>
      <label className="grid gap-1.5 text-sm font-medium">
        <span className="flex items-center justify-between">
          Brush size{" "}
          <span className="text-xs font-normal text-neutral-500 tabular-nums dark:text-neutral-400">
            {Math.round(brush.share * 100)}%
          </span>
        </span>
        <input
          type="range"
          min={BRUSH_MIN * 100}
          max={BRUSH_MAX * 100}
          step={1}
          value={Math.round(brush.share * 100)}
          onChange={(event) => props.onChange({ ...brush, share: Number(event.target.value) / 100 })}
          className="accent-primary-600"
        />
      </label>
    </div>
  );
}
