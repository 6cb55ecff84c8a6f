// How an icon's grid maps onto the font's em, so a glyph sits on the text line as Font Awesome's
// and lucide's do: the icon square is one em tall, an eighth of it below the baseline.
import { type Matrix, multiply } from "./svg-geometry";

/** Font units per grid unit: a power of two, so a point snapped to the grid lands on a whole unit. */
export const UNITS_PER_GRID_UNIT = 64;

export interface FontMetrics {
  unitsPerEm: number;
  ascent: number;
  /** Negative: below the baseline. */
  descent: number;
  /** Every glyph is as wide as it is tall, the icon's square. */
  advance: number;
}

export function fontMetrics(grid: number): FontMetrics {
  const unitsPerEm = grid * UNITS_PER_GRID_UNIT;
  const descent = -unitsPerEm / 8;
  return { unitsPerEm, ascent: unitsPerEm + descent, descent, advance: unitsPerEm };
}

/** From the grid (y down, 0..grid) to font units (y up, the baseline at 0). */
export function gridToFont(metrics: FontMetrics, grid: number): Matrix {
  const scale = metrics.unitsPerEm / grid;
  return multiply([1, 0, 0, -1, 0, metrics.ascent], [scale, 0, 0, scale, 0, 0]);
}
