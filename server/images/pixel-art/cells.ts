import type { Rgba } from "./detect-grid";

/** A cell of the native grid: its colour, and whether it is drawn at all. */
export interface Cells {
  width: number;
  height: number;
  /** RGB, 3 bytes a cell. */
  colour: Uint8Array;
  opaque: Uint8Array;
}

/** The native grid's size for `grid` cells along the longer side, keeping the image's shape. */
export function gridSize(image: { width: number; height: number }, grid: number) {
  const cell = Math.max(image.width, image.height) / grid;
  return {
    width: Math.max(1, Math.round(image.width / cell)),
    height: Math.max(1, Math.round(image.height / cell)),
  };
}

/**
 * The image brought down to its native grid. A cell is drawn when at least 30 % of it is opaque
 * (pixel art has no half-clear pixels; below half, so a thin line of a line icon stays a line);
 * its colour is the mean of its opaque pixels — of the middle of the
 * cell only when the image was already pixel art (`centres`), so a neighbour's colour bleeding
 * over a soft boundary does not tint it.
 */
export function toCells(image: Rgba, size: { width: number; height: number }, centres: boolean): Cells {
  const { data, width } = image;
  const cells = size.width * size.height;
  const colour = new Uint8Array(cells * 3);
  const opaque = new Uint8Array(cells);
  for (let cy = 0; cy < size.height; cy++) {
    const [y0, y1] = span(cy, size.height, image.height, centres);
    for (let cx = 0; cx < size.width; cx++) {
      const [x0, x1] = span(cx, size.width, image.width, centres);
      let seen = 0;
      let solid = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const p = (y * width + x) * 4;
          seen++;
          if (data[p + 3]! < 128) continue;
          solid++;
          r += data[p]!;
          g += data[p + 1]!;
          b += data[p + 2]!;
        }
      }
      const c = cy * size.width + cx;
      if (solid * 10 < seen * 3) continue;
      opaque[c] = 1;
      colour[c * 3] = Math.round(r / solid);
      colour[c * 3 + 1] = Math.round(g / solid);
      colour[c * 3 + 2] = Math.round(b / solid);
    }
  }
  return { width: size.width, height: size.height, colour, opaque };
}

/** The image pixels of cell `i` of `cells` along a side `length` long (its middle half for `centres`). */
function span(i: number, cells: number, length: number, centres: boolean): [number, number] {
  const start = (i * length) / cells;
  const end = ((i + 1) * length) / cells;
  if (!centres) return [Math.floor(start), Math.max(Math.floor(start) + 1, Math.floor(end))];
  const quarter = (end - start) / 4;
  const from = Math.floor(start + quarter);
  return [from, Math.max(from + 1, Math.ceil(end - quarter))];
}
