import type { Rgba } from "../pixel-art/detect-grid";

/**
 * How well a square texture wraps: the mean difference across its wrap seams (last column against
 * the first, last row against the first) and between neighbours inside it, per channel (alpha
 * included). A seamless tile's seam differs no more than its inside does.
 */
export function seamDifference({ data, width, height }: Rgba): { seam: number; interior: number } {
  const at = (x: number, y: number) => (y * width + x) * 4;
  const differ = (p: number, q: number) =>
    (Math.abs(data[p]! - data[q]!) +
      Math.abs(data[p + 1]! - data[q + 1]!) +
      Math.abs(data[p + 2]! - data[q + 2]!) +
      Math.abs(data[p + 3]! - data[q + 3]!)) /
    4;
  let seam = 0;
  for (let y = 0; y < height; y++) seam += differ(at(width - 1, y), at(0, y));
  for (let x = 0; x < width; x++) seam += differ(at(x, height - 1), at(x, 0));
  let interior = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x > 0) interior += differ(at(x - 1, y), at(x, y));
      if (y > 0) interior += differ(at(x, y - 1), at(x, y));
    }
  }
  const pairs = (width - 1) * height + width * (height - 1);
  return { seam: seam / (width + height), interior: pairs ? interior / pairs : 0 };
}

/** Whether a texture tiles without a visible seam: its seam differs at most 1.5 × its inside. */
export function isSeamless(image: Rgba): boolean {
  const { seam, interior } = seamDifference(image);
  return seam <= 1.5 * interior;
}

/**
 * A texture made to wrap: across each axis in turn, blended with itself shifted by half, the
 * shifted copy's weight 1 at the edges (where it continues across the wrap: its edge columns were
 * neighbours in the middle of the original) and 0 in the middle (where its own seam lies). The
 * middle keeps the original; the edges become seamless.
 */
export function repairSeam(image: Rgba): Rgba {
  const once = blendAcross(image, "x");
  return blendAcross(once, "y");
}

function blendAcross({ data, width, height }: Rgba, axis: "x" | "y"): Rgba {
  const out = new Uint8Array(data.length);
  const length = axis === "x" ? width : height;
  const half = Math.floor(length / 2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const along = axis === "x" ? x : y;
      // 0 at the edges, 1 in the middle: the original's share.
      const keep = 1 - Math.abs((along + 0.5) / length - 0.5) * 2;
      const [sx, sy] = axis === "x" ? [(x + half) % width, y] : [x, (y + half) % height];
      const p = (y * width + x) * 4;
      const q = (sy * width + sx) * 4;
      for (let c = 0; c < 4; c++) out[p + c] = Math.round(data[p + c]! * keep + data[q + c]! * (1 - keep));
    }
  }
  return { data: out, width, height };
}

/**
 * A wrapping texture cut where it is quietest: rolled so that the wrap falls between the columns
 * and between the rows that differ least. Rolling a texture that wraps changes nothing a tiled
 * surface shows; it only chooses which of its boundaries is the tile's edge, so joints (a brick's
 * mortar, a plank's gap) lie inside the tile rather than along its edge.
 */
export function cutAtQuietestSeam(image: Rgba): Rgba {
  const { data, width, height } = image;
  const differ = (p: number, q: number) =>
    Math.abs(data[p]! - data[q]!) + Math.abs(data[p + 1]! - data[q + 1]!) + Math.abs(data[p + 2]! - data[q + 2]!);
  const quietest = (length: number, between: (k: number) => number) => {
    let best = 0;
    let bestDifference = Infinity;
    for (let k = 0; k < length; k++) {
      const difference = between(k);
      if (difference < bestDifference) [best, bestDifference] = [k, difference];
    }
    return best;
  };
  // Boundary k lies between pixel k - 1 (wrapping) and pixel k.
  const column = quietest(width, (k) => {
    let sum = 0;
    for (let y = 0; y < height; y++) sum += differ((y * width + ((k + width - 1) % width)) * 4, (y * width + k) * 4);
    return sum;
  });
  const row = quietest(height, (k) => {
    let sum = 0;
    for (let x = 0; x < width; x++) sum += differ((((k + height - 1) % height) * width + x) * 4, (k * width + x) * 4);
    return sum;
  });
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (((y + row) % height) * width + ((x + column) % width)) * 4;
      out.set(data.subarray(from, from + 4), (y * width + x) * 4);
    }
  }
  return { data: out, width, height };
}
