/**
 * The pixel operations a matte is made of: window means over summed-area tables, a guided
 * filter, and masks of the background, of what is near it, and of each pixel's nearest seed.
 */

/** The guided filter's window radius and regulariser (in units of the normalised key distance). */
const GUIDE_RADIUS = 3;
const GUIDE_EPS = 1e-4;

/** A summed-area table with one extra row and column of zeros. */
export function integral(src: Float32Array, width: number, height: number): Float64Array {
  const w = width + 1;
  const table = new Float64Array(w * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += src[y * width + x]!;
      table[(y + 1) * w + x + 1] = table[y * w + x + 1]! + row;
    }
  }
  return table;
}

/** The mean over the (2r+1)² window around (x, y), clipped at the image's edges. */
export function windowMean(
  table: Float64Array,
  width: number,
  height: number,
  x: number,
  y: number,
  r: number,
): number {
  const w = width + 1;
  const x0 = Math.max(0, x - r);
  const y0 = Math.max(0, y - r);
  const x1 = Math.min(width, x + r + 1);
  const y1 = Math.min(height, y + r + 1);
  const sum = table[y1 * w + x1]! - table[y0 * w + x1]! - table[y1 * w + x0]! + table[y0 * w + x0]!;
  return sum / ((x1 - x0) * (y1 - y0));
}

/**
 * He et al.'s guided filter with one guide channel, evaluated only where `wanted`: inside
 * each small window alpha is fitted as a linear function of the guide (the image's luma).
 * Where the foreground is locally one colour, alpha *is* linear in luma (C = αF + (1 − α)K),
 * so the fit removes noise and re-sharpens edges a codec blurred, without softening real ones.
 */
export function guidedFilter(
  guide: Float32Array,
  p: Float32Array,
  wanted: Uint8Array,
  width: number,
  height: number,
): Float32Array {
  const n = guide.length;
  const r = GUIDE_RADIUS;
  const ip = new Float32Array(n);
  const ii = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    ip[i] = guide[i]! * p[i]!;
    ii[i] = guide[i]! * guide[i]!;
  }
  const [sumI, sumP, sumIp, sumII] = [guide, p, ip, ii].map((t) => integral(t, width, height)) as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  // The coefficients are needed within r of a wanted pixel.
  const around = nearMask(wanted, width, height, r);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    if (!around[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    const meanI = windowMean(sumI, width, height, x, y, r);
    const meanP = windowMean(sumP, width, height, x, y, r);
    const variance = windowMean(sumII, width, height, x, y, r) - meanI * meanI;
    a[i] = (windowMean(sumIp, width, height, x, y, r) - meanI * meanP) / (variance + GUIDE_EPS);
    b[i] = meanP - a[i]! * meanI;
  }
  const sumA = integral(a, width, height);
  const sumB = integral(b, width, height);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    if (!wanted[i]) continue;
    const x = i % width;
    const y = (i - x) / width;
    out[i] = windowMean(sumA, width, height, x, y, r) * guide[i]! + windowMean(sumB, width, height, x, y, r);
  }
  return out;
}

/** Pixels of the background: near its colour, and (when asked) joined to the border through such pixels. */
export function backgroundMask(dist: Float32Array, width: number, height: number, t0: number, connectedOnly: boolean) {
  const mask = new Uint8Array(dist.length);
  if (!connectedOnly) {
    for (let i = 0; i < dist.length; i++) if (dist[i]! <= t0) mask[i] = 1;
    return mask;
  }
  const queue = new Int32Array(dist.length);
  let head = 0;
  let tail = 0;
  const push = (i: number) => {
    if (mask[i] || dist[i]! > t0) return;
    mask[i] = 1;
    queue[tail++] = i;
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i < dist.length - width) push(i + width);
  }
  return mask;
}

/** Pixels within `r` of a marked pixel (a square dilation, done as two 1-D passes). */
export function nearMask(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const horizontal = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    let last = -Infinity;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (mask[row + x]) last = x;
      if (x - last <= r) horizontal[row + x] = 1;
    }
    last = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (mask[row + x]) last = x;
      if (last - x <= r) horizontal[row + x] = 1;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let x = 0; x < width; x++) {
    let last = -Infinity;
    for (let y = 0; y < height; y++) {
      if (horizontal[y * width + x]) last = y;
      if (y - last <= r) out[y * width + x] = 1;
    }
    last = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      if (horizontal[y * width + x]) last = y;
      if (last - y <= r) out[y * width + x] = 1;
    }
  }
  return out;
}

/**
 * For every pixel of `within`, the nearest seed pixel reached through `within`
 * (approximately: a two-pass sweep passing each neighbour's nearest seed on, O(n));
 * -1 where there is none.
 */
export function nearestSeed(seed: Uint8Array, within: Uint8Array, width: number, height: number) {
  const n = seed.length;
  const index = new Int32Array(n).fill(-1);
  const sx = new Int32Array(n);
  const sy = new Int32Array(n);
  const dist2 = new Float64Array(n).fill(Infinity);
  for (let i = 0; i < n; i++) {
    if (!seed[i]) continue;
    index[i] = i;
    sx[i] = i % width;
    sy[i] = Math.floor(i / width);
    dist2[i] = 0;
  }
  const offsets = [
    [-1, 0],
    [-1, -1],
    [0, -1],
    [1, -1],
  ];
  for (const direction of [1, -1]) {
    const [y0, y1] = direction === 1 ? [0, height] : [height - 1, -1];
    const [x0, x1] = direction === 1 ? [0, width] : [width - 1, -1];
    for (let y = y0; y !== y1; y += direction) {
      for (let x = x0; x !== x1; x += direction) {
        const i = y * width + x;
        if (dist2[i] === 0 || !within[i]) continue;
        for (let k = 0; k < 4; k++) {
          const nx = x + offsets[k]![0]! * direction;
          const ny = y + offsets[k]![1]! * direction;
          if (nx < 0 || nx >= width || ny < 0 || ny >= height) continue;
          const j = ny * width + nx;
          if (index[j]! < 0) continue;
          const dx = sx[j]! - x;
          const dy = sy[j]! - y;
          const d2 = dx * dx + dy * dy;
          if (d2 < dist2[i]!) {
            dist2[i] = d2;
            index[i] = index[j]!;
            sx[i] = sx[j]!;
            sy[i] = sy[j]!;
          }
        }
      }
    }
  }
  return index;
}
