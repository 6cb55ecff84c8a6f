/** One stroke of the region brush, in the image's own pixels. */
export interface Stroke {
  tool: "paint" | "erase";
  /** The brush's diameter in image pixels. */
  size: number;
  points: { x: number; y: number }[];
}

/** What a canvas must do for `drawStrokes`: the 2D context's drawing calls it uses. */
export type StrokeCanvas = Pick<
  CanvasRenderingContext2D,
  | "beginPath"
  | "moveTo"
  | "lineTo"
  | "arc"
  | "stroke"
  | "fill"
  | "clearRect"
  | "lineWidth"
  | "lineCap"
  | "lineJoin"
  | "strokeStyle"
  | "fillStyle"
  | "globalCompositeOperation"
>;

/**
 * Draws the strokes in order, opaque `colour` for paint, cleared pixels for erase, on a canvas of
 * the image's size: the region exactly as the mask sends it. A single tap is a round dot.
 */
export function drawStrokes(
  ctx: StrokeCanvas,
  strokes: readonly Stroke[],
  size: { width: number; height: number },
  colour = "#ffffff",
): void {
  ctx.clearRect(0, 0, size.width, size.height);
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  for (const stroke of strokes) {
    ctx.globalCompositeOperation = stroke.tool === "erase" ? "destination-out" : "source-over";
    ctx.strokeStyle = colour;
    ctx.fillStyle = colour;
    const [first, ...rest] = stroke.points;
    if (!first) continue;
    ctx.beginPath();
    if (rest.length === 0) {
      ctx.arc(first.x, first.y, stroke.size / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.lineWidth = stroke.size;
    ctx.moveTo(first.x, first.y);
    for (const point of rest) ctx.lineTo(point.x, point.y);
    ctx.stroke();
  }
  ctx.globalCompositeOperation = "source-over";
}

/** True when the strokes leave something painted (an erase after every paint may leave none). */
export function paintsSomething(strokes: readonly Stroke[]): boolean {
  return strokes.some((stroke) => stroke.tool === "paint");
}

/** A point of a pointer event over an element showing the image at some scale, in image pixels. */
export function imagePoint(
  event: { clientX: number; clientY: number },
  box: { left: number; top: number; width: number; height: number },
  image: { width: number; height: number },
): { x: number; y: number } {
  const x = ((event.clientX - box.left) / box.width) * image.width;
  const y = ((event.clientY - box.top) / box.height) * image.height;
  return {
    x: Math.round(Math.min(Math.max(x, 0), image.width) * 10) / 10,
    y: Math.round(Math.min(Math.max(y, 0), image.height) * 10) / 10,
  };
}

/** The brush sizes offered, as a share of the image's longer side: fine detail to broad areas. */
export const BRUSH_MIN = 0.01;
export const BRUSH_MAX = 0.2;
export const BRUSH_DEFAULT = 0.06;

/** The brush's diameter in image pixels for a share of its longer side. */
export function brushPixels(share: number, image: { width: number; height: number }): number {
  return Math.max(2, Math.round(share * Math.max(image.width, image.height)));
}

/** The mask the API takes: the strokes in white on transparent, at the image's size, as a PNG data URL. */
export function regionMask(strokes: readonly Stroke[], size: { width: number; height: number }): string {
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("This browser cannot draw the painted region");
  drawStrokes(ctx, strokes, size);
  return canvas.toDataURL("image/png");
}
