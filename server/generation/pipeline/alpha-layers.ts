/**
 * Splitting an image by its alpha for the tracer, which knows only "transparent" (alpha 0)
 * and "painted" (anything else, drawn opaque). Soft areas (a ground shadow, a glow, a feathered
 * edge) are cut out of the image and returned as stacked layers, each traced on its own and
 * drawn at an opacity, so a 30 % grey shadow stays a 30 % grey shadow instead of a solid shape.
 */

/** At or above this alpha a pixel counts as opaque. */
export const OPAQUE_ALPHA = 240;

/** Soft pixels fainter than this (about 6 %) are dropped: invisible, yet each would be a path. */
export const FAINT_ALPHA = 16;

/**
 * Where the stacked soft layers start: layer k holds every soft pixel at or above the k-th
 * threshold. A 20–60 % shadow falls in the middle bands; four bands keep the trace small.
 */
export const BAND_THRESHOLDS = [FAINT_ALPHA, 56, 104, 160] as const;

/**
 * Semi-transparent runs narrower than 2 × THIN_RADIUS + 1 pixels are the anti-aliased edge of
 * a shape or a thin stroke: they stay with the opaque trace, as before.
 */
const THIN_RADIUS = 2;

export interface SoftLayer {
  /** RGBA: the layer's pixels painted (alpha 255) in their own colour, the rest transparent. */
  rgba: Buffer;
  /** The opacity to draw the traced layer at, 0–1, over the layers below it. */
  opacity: number;
}

export interface AlphaSplit {
  /** RGBA: the image with its soft areas made transparent; everything else unchanged. */
  opaque: Buffer;
  /** Bottom first; empty when the image has no soft area. */
  soft: SoftLayer[];
}

/**
 * Pixels that survive a square erosion of `radius` then a dilation of the same (an opening):
 * the mask without its parts narrower than 2 × radius + 1. Separable, with running counts.
 */
export function openMask(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const pass = (m: Uint8Array, rule: WindowRule, along: "rows" | "columns") =>
    along === "rows" ? alongRows(m, width, height, radius, rule) : alongColumns(m, width, height, radius, rule);
  const eroded = pass(pass(mask, "all", "rows"), "all", "columns");
  return pass(pass(eroded, "any", "rows"), "any", "columns");
}

/**
 * A window pass sets a pixel when all (erosion) or any (dilation) of the pixels within
 * `radius` along the pass are set. Outside the image counts as set for "all", so a soft area
 * cut by the border is not eaten from that side.
 */
type WindowRule = "all" | "any";

const decide = (rule: WindowRule, count: number, inside: number) =>
  (rule === "all" ? count === inside : count > 0) ? 1 : 0;

function alongRows(mask: Uint8Array, width: number, height: number, radius: number, rule: WindowRule) {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let count = 0;
    for (let x = 0; x < Math.min(radius, width); x++) count += mask[row + x]!;
    for (let x = 0; x < width; x++) {
      if (x + radius < width) count += mask[row + x + radius]!;
      if (x - radius - 1 >= 0) count -= mask[row + x - radius - 1]!;
      out[row + x] = decide(rule, count, Math.min(width - 1, x + radius) - Math.max(0, x - radius) + 1);
    }
  }
  return out;
}

/** The same down the columns, a row at a time (one running count per column) to read memory in order. */
function alongColumns(mask: Uint8Array, width: number, height: number, radius: number, rule: WindowRule) {
  const out = new Uint8Array(mask.length);
  const counts = new Int32Array(width);
  for (let y = 0; y < Math.min(radius, height); y++) {
    for (let x = 0; x < width; x++) counts[x] = counts[x]! + mask[y * width + x]!;
  }
  for (let y = 0; y < height; y++) {
    const entering = y + radius < height ? (y + radius) * width : -1;
    const leaving = y - radius - 1 >= 0 ? (y - radius - 1) * width : -1;
    const inside = Math.min(height - 1, y + radius) - Math.max(0, y - radius) + 1;
    for (let x = 0; x < width; x++) {
      let count = counts[x]!;
      if (entering >= 0) count += mask[entering + x]!;
      if (leaving >= 0) count -= mask[leaving + x]!;
      counts[x] = count;
      out[y * width + x] = decide(rule, count, inside);
    }
  }
  return out;
}

/** Which band an alpha falls in (−1: below the faintest), looked up rather than searched. */
const BAND_OF_ALPHA = Int8Array.from({ length: 256 }, (_, a) => {
  let band = -1;
  BAND_THRESHOLDS.forEach((threshold, k) => {
    if (a >= threshold) band = k;
  });
  return band;
});

/** Splits straight (not premultiplied) RGBA pixels into the opaque part and the soft layers. */
export function splitByAlpha(rgba: Uint8Array, width: number, height: number): AlphaSplit {
  const n = width * height;
  const opaque = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  const semi = new Uint8Array(n);
  let semiCount = 0;
  for (let i = 0; i < n; i++) {
    const a = rgba[i * 4 + 3]!;
    if (a <= 0 || a >= OPAQUE_ALPHA) continue;
    semi[i] = 1;
    semiCount++;
  }
  if (!semiCount) return { opaque, soft: [] };
  const softArea = openMask(semi, width, height, THIN_RADIUS);
  const softPixels: number[] = [];
  for (let i = 0; i < n; i++) if (softArea[i]) softPixels.push(i);
  if (!softPixels.length) return { opaque, soft: [] };

  const cut = Buffer.from(opaque);
  const sums = new Float64Array(BAND_THRESHOLDS.length);
  const counts = new Float64Array(BAND_THRESHOLDS.length);
  for (const i of softPixels) {
    cut.writeUInt32LE(0, i * 4);
    const a = rgba[i * 4 + 3]!;
    const k = BAND_OF_ALPHA[a]!;
    if (k < 0) continue;
    sums[k] = sums[k]! + a;
    counts[k] = counts[k]! + 1;
  }

  // Layer k covers bands k and up, so over the layers below it (which together reach the
  // previous band's alpha) it is drawn at the opacity that brings its own band to that band's
  // mean alpha: 1 − (1 − αk) / (1 − αbelow).
  const soft: SoftLayer[] = [];
  let below = 0;
  for (let k = 0; k < BAND_THRESHOLDS.length; k++) {
    if (!counts[k]) continue;
    const target = sums[k]! / counts[k]! / 255;
    const layer = Buffer.alloc(n * 4);
    for (const i of softPixels) {
      if (BAND_OF_ALPHA[rgba[i * 4 + 3]!]! < k) continue;
      layer[i * 4] = rgba[i * 4]!;
      layer[i * 4 + 1] = rgba[i * 4 + 1]!;
      layer[i * 4 + 2] = rgba[i * 4 + 2]!;
      layer[i * 4 + 3] = 255;
    }
    soft.push({ rgba: layer, opacity: 1 - (1 - target) / (1 - below) });
    below = target;
  }
  return { opaque: cut, soft };
}
