/** An RGBA image in memory: 4 bytes a pixel, rows top to bottom. */
export interface Rgba {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Two neighbours differ when a channel (alpha included) changes by more than this. */
const EDGE_STEP = 24;
/** The grid found must put this share of the image's edges on its cell boundaries. */
const FIT = 0.85;

/**
 * The grid of an image that only looks like pixel art (a small picture enlarged, or drawn so by a
 * model): how many of its "pixels" lie along the longer side, from `min` to `max`, or null when
 * its edges line up with no such grid.
 *
 * Edges between neighbours are counted per column and per row. For each grid the share of them
 * that fall on its cell boundaries (within a pixel, for enlargements that rounded) is measured;
 * the true grid and its multiples hold nearly all of them, a coarser one only some, so the
 * coarsest grid that holds nearly as many as the best is the image's.
 */
export function detectGrid(image: Rgba, range: { min: number; max: number }): number | null {
  const columns = edgeProfile(image, "x");
  const rows = edgeProfile(image, "y");
  const total = sum(columns) + sum(rows);
  if (total === 0) return null;
  const longer = Math.max(image.width, image.height);
  // Three image pixels a cell at least: below that, boundaries' windows would overlap.
  const max = Math.min(range.max, Math.floor(longer / 3));
  const fits: { grid: number; fit: number }[] = [];
  for (let grid = range.min; grid <= max; grid++) {
    const cell = longer / grid;
    fits.push({ grid, fit: (onBoundaries(columns, cell) + onBoundaries(rows, cell)) / total });
  }
  const best = Math.max(0, ...fits.map((f) => f.fit));
  if (best < FIT) return null;
  return fits.find((f) => f.fit >= best * 0.97)!.grid;
}

/** How many edges lie between pixel i-1 and pixel i along `axis`, for each i (index 0 is 0). */
function edgeProfile({ data, width, height }: Rgba, axis: "x" | "y"): Uint32Array {
  const along = axis === "x" ? width : height;
  const profile = new Uint32Array(along);
  const step = axis === "x" ? 4 : width * 4;
  for (let y = axis === "x" ? 0 : 1; y < height; y++) {
    for (let x = axis === "x" ? 1 : 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const q = p - step;
      if (
        Math.abs(data[p]! - data[q]!) > EDGE_STEP ||
        Math.abs(data[p + 1]! - data[q + 1]!) > EDGE_STEP ||
        Math.abs(data[p + 2]! - data[q + 2]!) > EDGE_STEP ||
        Math.abs(data[p + 3]! - data[q + 3]!) > EDGE_STEP
      ) {
        profile[axis === "x" ? x : y]!++;
      }
    }
  }
  return profile;
}

/** The edges within a pixel of the boundaries of cells `cell` pixels wide. */
function onBoundaries(profile: Uint32Array, cell: number): number {
  let found = 0;
  for (let k = 1; k * cell < profile.length - 0.5; k++) {
    const at = Math.round(k * cell);
    found += Math.max(profile[at - 1] ?? 0, profile[at] ?? 0, profile[at + 1] ?? 0);
  }
  return found;
}

function sum(values: Uint32Array): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}
