import { describe, expect, it } from "vitest";
import {
  brushPixels,
  drawStrokes,
  imagePoint,
  paintsSomething,
  type StrokeCanvas,
  type Stroke,
} from "~/lib/ui/region-strokes";

/** A canvas that writes down what is drawn on it. */
function recordingCanvas() {
  const calls: string[] = [];
  const ctx = {
    lineWidth: 0,
    lineCap: "butt",
    lineJoin: "miter",
    strokeStyle: "",
    fillStyle: "",
    globalCompositeOperation: "source-over",
    beginPath: () => calls.push("begin"),
    moveTo: (x: number, y: number) => calls.push(`move ${x},${y}`),
    lineTo: (x: number, y: number) => calls.push(`line ${x},${y}`),
    arc: (x: number, y: number, r: number) => calls.push(`dot ${x},${y} r${r}`),
    stroke: () => calls.push(`stroke ${ctx.globalCompositeOperation} ${ctx.lineWidth}`),
    fill: () => calls.push(`fill ${ctx.globalCompositeOperation}`),
    clearRect: (x: number, y: number, w: number, h: number) => calls.push(`clear ${w}x${h}`),
  };
  return { ctx: ctx as unknown as StrokeCanvas, calls };
}

describe("the region brush", () => {
  it("maps a pointer over the shown image to the image's own pixels, kept inside it", () => {
    const box = { left: 100, top: 50, width: 256, height: 256 };
    const image = { width: 1024, height: 1024 };
    expect(imagePoint({ clientX: 228, clientY: 178 }, box, image)).toEqual({ x: 512, y: 512 });
    expect(imagePoint({ clientX: 90, clientY: 400 }, box, image)).toEqual({ x: 0, y: 1024 });
  });

  it("sizes the brush from the image's longer side, never under 2 px", () => {
    expect(brushPixels(0.06, { width: 1024, height: 1536 })).toBe(92);
    expect(brushPixels(0.001, { width: 64, height: 64 })).toBe(2);
  });

  it("draws paint over, erase out, and a tap as a dot, after clearing the canvas", () => {
    const { ctx, calls } = recordingCanvas();
    const strokes: Stroke[] = [
      {
        tool: "paint",
        size: 40,
        points: [
          { x: 10, y: 10 },
          { x: 90, y: 10 },
        ],
      },
      { tool: "erase", size: 20, points: [{ x: 50, y: 10 }] },
    ];
    drawStrokes(ctx, strokes, { width: 100, height: 80 });
    expect(calls).toEqual([
      "clear 100x80",
      "begin",
      "move 10,10",
      "line 90,10",
      "stroke source-over 40",
      "begin",
      "dot 50,10 r10",
      "fill destination-out",
    ]);
    expect(ctx.globalCompositeOperation).toBe("source-over");
  });

  it("knows when nothing is painted", () => {
    expect(paintsSomething([])).toBe(false);
    expect(paintsSomething([{ tool: "erase", size: 4, points: [{ x: 1, y: 1 }] }])).toBe(false);
    expect(paintsSomething([{ tool: "paint", size: 4, points: [{ x: 1, y: 1 }] }])).toBe(true);
  });
});
