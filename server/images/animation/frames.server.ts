import sharp from "sharp";
import { directionSets, mirroredFrom, type AnimationAction, type Direction } from "#domain/animation";
import type { Cells } from "../pixel-art/cells";
import type { Rgba } from "../pixel-art/detect-grid";
import { coloursOf, snapToPalette } from "../pixel-art/palette-fit";
import { poseAt } from "./motion";

/** The largest a frame's cell is: a 1024-px drawing is animated at 256 px, ample for a sprite. */
export const MAX_CELL = 256;

export interface AnimationFrames {
  cell: number;
  directions: Direction[];
  /** frames[direction][frame], each `cell` × `cell`. */
  frames: Rgba[][];
}

/** A frame flipped left to right. */
function flop(frame: Rgba): Rgba {
  const { width, height } = frame;
  const data = new Uint8Array(frame.data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 4;
      data.set(frame.data.subarray(from, from + 4), (y * width + (width - 1 - x)) * 4);
    }
  }
  return { data, width, height };
}

/**
 * An animation of one drawing as the preview engine can make it: each frame the drawing posed
 * (preview motion), the west-facing directions mirrored, every frame on one canvas and registered
 * to one anchor — the bottom of its opaque pixels on a common baseline, their middle on the centre
 * line — so the character does not swim; optionally every frame in one palette of `colours`.
 */
export async function animateDrawing(
  source: Buffer,
  options: { action: AnimationAction; frames: number; directions: 1 | 4 | 8; colours?: number },
): Promise<AnimationFrames> {
  const meta = await sharp(source).metadata();
  const cell = Math.min(MAX_CELL, Math.max(meta.width ?? MAX_CELL, meta.height ?? MAX_CELL));
  const size = Math.round(cell * 0.7);
  const drawing = await sharp(source)
    .ensureAlpha()
    .resize({ width: size, height: size, fit: "inside" })
    .png()
    .toBuffer();
  const directions = [...directionSets[options.directions]] as Direction[];
  const drawn = new Map<Direction, Rgba[]>();
  for (const direction of directions.filter((d) => !mirroredFrom[d])) {
    const row: Rgba[] = [];
    for (let frame = 0; frame < options.frames; frame++) {
      row.push(await posedFrame(drawing, cell, options.action, frame / options.frames));
    }
    drawn.set(direction, row);
  }
  // The west side is the east side's mirror, frame for frame: free, and exactly its opposite.
  const frames = directions.map((direction) =>
    mirroredFrom[direction] ? drawn.get(mirroredFrom[direction])!.map(flop) : drawn.get(direction)!,
  );
  if (options.colours) sharePalette(frames.flat(), options.colours);
  return { cell, directions, frames };
}

async function posedFrame(drawing: Buffer, cell: number, action: AnimationAction, t: number): Promise<Rgba> {
  const pose = poseAt(action, t);
  const { width = 1, height = 1 } = await sharp(drawing).metadata();
  let posed = sharp(drawing).resize({
    width: Math.max(1, Math.round(width * pose.scaleX)),
    height: Math.max(1, Math.round(height * pose.scaleY)),
    fit: "fill",
  });
  if (pose.turn)
    posed = sharp(await posed.png().toBuffer()).rotate(pose.turn, { background: { r: 0, g: 0, b: 0, alpha: 0 } });
  const { data, info } = await posed.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  if (pose.fade) for (let i = 3; i < data.length; i += 4) data[i] = Math.round(data[i]! * (1 - pose.fade));
  return placeOnAnchor({ data, width: info.width, height: info.height }, cell);
}

/** Where a frame's anchor goes: the bottom of its opaque pixels on this row of the cell. */
const baselineOf = (cell: number) => cell - Math.round(cell * 0.08);

/** A frame on a `cell`-square canvas, the bottom of its opaque pixels on the baseline and their middle on the centre line. */
function placeOnAnchor(image: Rgba, cell: number): Rgba {
  const { data } = image;
  const box = opaqueBox(image);
  const out = new Uint8Array(cell * cell * 4);
  if (!box) return { data: out, width: cell, height: cell };
  const left = Math.round(cell / 2 - (box.left + box.right + 1) / 2);
  const top = baselineOf(cell) - (box.bottom + 1);
  for (let y = 0; y < image.height; y++) {
    const ty = y + top;
    if (ty < 0 || ty >= cell) continue;
    for (let x = 0; x < image.width; x++) {
      const tx = x + left;
      if (tx < 0 || tx >= cell) continue;
      const from = (y * image.width + x) * 4;
      out.set(data.subarray(from, from + 4), (ty * cell + tx) * 4);
    }
  }
  return { data: out, width: cell, height: cell };
}

/**
 * Frames a model drew (`drawn[direction][frame]`, in the order of `directions`' drawn rows) as one
 * animation: one cell and one scale for every frame — the largest figure fits, the others keep their
 * size against it — each registered to the anchor, the mirrored directions flipped from their
 * opposite, and optionally every frame in one palette of `colours`.
 */
export async function alignDrawnFrames(
  drawn: Buffer[][],
  options: { directions: 1 | 4 | 8; mirror: boolean; colours?: number | null },
): Promise<AnimationFrames> {
  const decoded = await Promise.all(
    drawn.map((row) =>
      Promise.all(
        row.map(async (file) => {
          const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
          const image: Rgba = { data, width: info.width, height: info.height };
          return { image, box: opaqueBox(image) };
        }),
      ),
    ),
  );
  const all = decoded.flat();
  const first = all[0]?.image;
  const cell = Math.min(MAX_CELL, Math.max(first?.width ?? MAX_CELL, first?.height ?? MAX_CELL));
  const boxes = all.flatMap(({ box }) => (box ? [box] : []));
  const tallest = Math.max(1, ...boxes.map((b) => b.bottom - b.top + 1));
  const widest = Math.max(1, ...boxes.map((b) => b.right - b.left + 1));
  // One scale for every frame: a figure that crouches stays smaller than one that stands.
  const scale = Math.min((baselineOf(cell) - cell * 0.04) / tallest, (cell * 0.92) / widest);
  const fitted = await Promise.all(
    decoded.map((row) =>
      Promise.all(
        row.map(async ({ image, box }) => {
          if (!box) return placeOnAnchor(image, cell);
          const [width, height] = [box.right - box.left + 1, box.bottom - box.top + 1];
          const { data, info } = await sharp(Buffer.from(image.data), {
            raw: { width: image.width, height: image.height, channels: 4 },
          })
            .extract({ left: box.left, top: box.top, width, height })
            .resize({
              width: Math.max(1, Math.round(width * scale)),
              height: Math.max(1, Math.round(height * scale)),
              fit: "fill",
            })
            .raw()
            .toBuffer({ resolveWithObject: true });
          return placeOnAnchor({ data, width: info.width, height: info.height }, cell);
        }),
      ),
    ),
  );
  const directions = [...directionSets[options.directions]] as Direction[];
  const drawnDirections = directions.filter((d) => !(options.mirror && mirroredFrom[d]));
  const byDirection = new Map(drawnDirections.map((direction, i) => [direction, fitted[i]!]));
  const frames = directions.map(
    (direction) => byDirection.get(direction) ?? byDirection.get(mirroredFrom[direction]!)!.map(flop),
  );
  if (options.colours) sharePalette(frames.flat(), options.colours);
  return { cell, directions, frames };
}

/** The box around an image's visible pixels (alpha over a quarter), or null when it has none. */
export function opaqueBox({ data, width, height }: Rgba) {
  let [left, right, top, bottom] = [width, -1, height, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3]! < 64) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return right < 0 ? null : { left, right, top, bottom };
}

/** Every frame in one palette of at most `count` colours, alpha clear or opaque: no colour flickers between frames. */
function sharePalette(frames: Rgba[], count: number) {
  const toCells = (frame: Rgba): Cells => {
    const pixels = frame.width * frame.height;
    const cells: Cells = {
      width: pixels,
      height: 1,
      colour: new Uint8Array(pixels * 3),
      opaque: new Uint8Array(pixels),
    };
    for (let p = 0; p < pixels; p++) {
      if (frame.data[p * 4 + 3]! < 128) continue;
      cells.opaque[p] = 1;
      cells.colour.set(frame.data.subarray(p * 4, p * 4 + 3), p * 3);
    }
    return cells;
  };
  const all = frames.map(toCells);
  const width = all.reduce((sum, c) => sum + c.width, 0);
  const joined: Cells = { width, height: 1, colour: new Uint8Array(width * 3), opaque: new Uint8Array(width) };
  let at = 0;
  for (const cells of all) {
    joined.colour.set(cells.colour, at * 3);
    joined.opaque.set(cells.opaque, at);
    at += cells.width;
  }
  const palette = coloursOf(joined, count);
  all.forEach((cells, i) => {
    snapToPalette(cells, palette);
    const frame = frames[i]!;
    for (let p = 0; p < cells.opaque.length; p++) {
      if (!cells.opaque[p]) {
        frame.data.fill(0, p * 4, p * 4 + 4);
        continue;
      }
      frame.data.set(cells.colour.subarray(p * 3, p * 3 + 3), p * 4);
      frame.data[p * 4 + 3] = 255;
    }
  });
}
