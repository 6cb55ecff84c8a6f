import type { RGB } from "./key-colour";

/** Decoded pixels, three bytes each (r, g, b), row by row. */
export interface RgbPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface BackgroundEstimate {
  colour: RGB;
  /** Share of the border within INLIER_DISTANCE of the colour: 1 for a perfectly flat border. */
  uniformity: number;
  /** How far flat-background pixels stray from the colour (95th percentile of the border's inliers). */
  noise: number;
}

/** Border pixels this close to the estimate count as background (Euclidean RGB). */
const INLIER_DISTANCE = 36;
/** With a key, border pixels this close to it are taken as its (never exact) painted version. */
const KEY_SEARCH_DISTANCE = 150;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The outer ring of the image: ~1 % of its short side, at least 2 pixels. */
function borderIndices(width: number, height: number): number[] {
  const band = Math.max(2, Math.round(Math.min(width, height) * 0.01));
  const indices: number[] = [];
  for (let y = 0; y < height; y++) {
    const edgeRow = y < band || y >= height - band;
    for (let x = 0; x < width; x++) {
      if (edgeRow || x < band || x >= width - band) indices.push(y * width + x);
    }
  }
  return indices;
}

const distance = (data: Uint8Array, i: number, c: RGB) => {
  const dr = data[i * 3]! - c.r;
  const dg = data[i * 3 + 1]! - c.g;
  const db = data[i * 3 + 2]! - c.b;
  return Math.sqrt(dr * dr + dg * dg + db * db);
};

/**
 * The background's real colour, read from the image's border. With a key, only border
 * pixels near it are used, so a subject touching the edge does not pull the estimate;
 * null when too little of the border looks like the key (the model ignored it).
 */
export function estimateBackground(pixels: RgbPixels, key?: RGB): BackgroundEstimate | null {
  const border = borderIndices(pixels.width, pixels.height);
  const candidates = key ? border.filter((i) => distance(pixels.data, i, key) <= KEY_SEARCH_DISTANCE) : border;
  if (candidates.length < border.length * 0.2) return null;
  const colour = {
    r: median(candidates.map((i) => pixels.data[i * 3]!)),
    g: median(candidates.map((i) => pixels.data[i * 3 + 1]!)),
    b: median(candidates.map((i) => pixels.data[i * 3 + 2]!)),
  };
  const inliers = border.map((i) => distance(pixels.data, i, colour)).filter((d) => d <= INLIER_DISTANCE);
  inliers.sort((a, b) => a - b);
  return {
    colour,
    uniformity: inliers.length / border.length,
    noise: inliers[Math.floor(inliers.length * 0.95)] ?? INLIER_DISTANCE,
  };
}
