import sharp from "sharp";
import { estimateBackground, type BackgroundEstimate, type RgbPixels } from "./background.server";
import type { RGB } from "./key-colour";
import { backgroundMask, guidedFilter, nearestSeed, nearMask } from "./matte-filters.server";
import type { MattingModel } from "./matting-model.server";

export interface MatteResult {
  /** PNG with an alpha channel. */
  data: Buffer;
  /** Mean opacity over the image, 0–1: how much of it the subject covers. */
  coverage: number;
}

/** A matte that cannot be trusted: the message says why, in words a user can read. */
export class MatteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MatteError";
  }
}

/** Below or above this coverage the result is refused (the subject vanished, or nothing was removed). */
export const COVERAGE_BOUNDS = { min: 0.01, max: 0.99 } as const;

/** The neighbourhood (in pixels) searched for a pixel's foreground: anti-aliased edges are 1–3 px. */
const EDGE_RADIUS = 3;
/** How far in (share of the short side) a soft edge may still be partly transparent. */
const EDGE_SHARE = 0.03;
/** A neighbour is a pixel's possible foreground only if their colours point this closely the same way from the key (cosine). */
const SAME_DIRECTION = 0.9;
/** Luma differences (0–255) from which the luma's own estimate of alpha is fully trusted. */
const LUMA_TRUSTED = 80;

/** Decodes any image sharp reads to 8-bit RGB (an alpha channel is dropped). */
export async function decodeRgb(image: Buffer): Promise<RgbPixels> {
  const { data, info } = await sharp(image).removeAlpha().toColourspace("srgb").raw().toBuffer({
    resolveWithObject: true,
  });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/**
 * Alpha from colour distance to the background, refined at the edges, with the
 * background's colour taken back out of the edge pixels. Pure: pixels in, RGBA out.
 */
export function matteFromBackground(
  pixels: RgbPixels,
  options: { background: BackgroundEstimate; connectedOnly: boolean },
): { rgba: Uint8Array; coverage: number } {
  const { data, width, height } = pixels;
  const n = width * height;
  const K = options.background.colour;
  // Under t0 a pixel is background noise; n0 is the typical stray of a background pixel.
  const t0 = Math.max(14, options.background.noise * 1.25 + 6);
  const n0 = Math.min(t0 * 0.6, options.background.noise * 0.6);
  // A pixel with nothing more opaque near it is still only this sure of itself (thin faint lines).
  const floor = Math.max(3 * t0, 72);
  const margin = options.background.noise * 0.5;

  const dist = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const dr = data[i * 3]! - K.r;
    const dg = data[i * 3 + 1]! - K.g;
    const db = data[i * 3 + 2]! - K.b;
    dist[i] = Math.sqrt(dr * dr + dg * dg + db * db);
  }
  const bg = backgroundMask(dist, width, height, t0, options.connectedOnly);
  // The edge: where a pixel may be partly see-through. Soft edges (a blur, a glow) are wider
  // than anti-aliasing, so it reaches a few percent of the image in.
  const reach = Math.max(EDGE_RADIUS, Math.round(Math.min(width, height) * EDGE_SHARE));
  const edge = nearMask(bg, width, height, reach);
  const core = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (bg[i]) edge[i] = 0;
    else if (!edge[i]) core[i] = 1;
  }
  const nearestCore = nearestSeed(core, edge, width, height);

  // Rough alpha at the edge: C − K = α(F − K), so the pixel's own colour gives F's direction
  // and only the length |F − K| is unknown. It is the largest reach along that direction of
  // a nearby pixel or of the nearest fully inside one that has (nearly) that direction: an
  // outline pixel is its own reference, a blend towards the background is measured against
  // what it blends from, and a differently coloured neighbour is no reference at all.
  const alpha = new Float32Array(n);
  const anchor = new Int32Array(n).fill(-1);
  const luma = (j: number) => 0.299 * data[j * 3]! + 0.587 * data[j * 3 + 1]! + 0.114 * data[j * 3 + 2]!;
  const keyLuma = 0.299 * K.r + 0.587 * K.g + 0.114 * K.b;
  const projectionOf = (j: number, ur: number, ug: number, ub: number) =>
    (data[j * 3]! - K.r) * ur + (data[j * 3 + 1]! - K.g) * ug + (data[j * 3 + 2]! - K.b) * ub;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (bg[i]) continue;
      const d = dist[i]!;
      if (!edge[i] || d <= t0) {
        // Inside, or a background-coloured part of the subject (connectedOnly).
        alpha[i] = 1;
        continue;
      }
      const ur = (data[i * 3]! - K.r) / d;
      const ug = (data[i * 3 + 1]! - K.g) / d;
      const ub = (data[i * 3 + 2]! - K.b) / d;
      let s = d;
      let best = i;
      for (let yy = Math.max(0, y - EDGE_RADIUS); yy <= Math.min(height - 1, y + EDGE_RADIUS); yy++) {
        for (let xx = Math.max(0, x - EDGE_RADIUS); xx <= Math.min(width - 1, x + EDGE_RADIUS); xx++) {
          const j = yy * width + xx;
          if (bg[j]) continue;
          const projection = projectionOf(j, ur, ug, ub);
          if (projection > s && projection > SAME_DIRECTION * dist[j]!) {
            s = projection;
            best = j;
          }
        }
      }
      const inside = nearestCore[i]!;
      if (inside >= 0) {
        const projection = projectionOf(inside, ur, ug, ub);
        if (projection > s && projection > SAME_DIRECTION * dist[inside]!) {
          s = projection;
          best = inside;
        }
      }
      anchor[i] = best;
      // The reference is the largest of noisy values, so it overshoots by about the noise:
      // without this margin a fully opaque thin line would come out slightly see-through.
      s = Math.max(s - margin, floor);
      const byColour = Math.min(1, Math.max(0, (d - n0) / (s - n0)));
      // Codecs keep luma sharp but blur colour over 2 px (JPEG's 4:2:0), so where the
      // foreground's luma differs enough from the key's, luma's estimate is the better one.
      const lumaGap = luma(best) - keyLuma;
      const trust = Math.min(1, Math.abs(lumaGap) / LUMA_TRUSTED);
      const byLuma = trust > 0 ? Math.min(1, Math.max(0, (luma(i) - keyLuma) / lumaGap)) : 0;
      alpha[i] = trust * byLuma + (1 - trust) * byColour;
    }
  }

  const guide = new Float32Array(n);
  // Luma guides the refinement: codecs keep it at full resolution (JPEG halves the colour),
  // and alpha is linear in it too where the foreground is locally one colour.
  for (let i = 0; i < n; i++)
    guide[i] = (0.299 * data[i * 3]! + 0.587 * data[i * 3 + 1]! + 0.114 * data[i * 3 + 2]!) / 255;
  const refined = guidedFilter(guide, alpha, edge, width, height);

  const final = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    // The filter only refines edges: it never makes the background opaque or the inside see-through.
    final[i] = bg[i] ? 0 : edge[i] ? refined[i]! : 1;
  }
  return composeRgba(data, final, K, anchor);
}

/**
 * The RGBA image for a final alpha: edge colours unmixed from the background K (when it is
 * known) and what is left of K's hue pulled down. `anchor` names, per pixel, a nearby
 * more opaque pixel whose colour stands in for a faint one (-1: none).
 */
function composeRgba(
  data: Uint8Array,
  alpha: Float32Array,
  K: RGB | null,
  anchor: Int32Array,
): { rgba: Uint8Array; coverage: number } {
  const n = alpha.length;
  // Which key channels are "the key's": a key-hued spill raises these above the others.
  const keyHigh = K ? [K.r, K.g, K.b].map((v) => v >= 128) : [];
  const spillable = keyHigh.some(Boolean) && !keyHigh.every(Boolean);

  const rgba = new Uint8Array(n * 4);
  let total = 0;
  for (let i = 0; i < n; i++) {
    let a = alpha[i]!;
    if (a < 0.02) a = 0;
    else if (a > 0.98) a = 1;
    total += a;
    const o = i * 4;
    rgba[o + 3] = Math.round(a * 255);
    if (a === 0) continue;
    let r = data[i * 3]!;
    let g = data[i * 3 + 1]!;
    let b = data[i * 3 + 2]!;
    if (a < 1) {
      if (a < 0.25 && anchor[i]! >= 0) {
        // Unmixing divides by alpha: for faint pixels the neighbour's colour is the safer guess.
        const j = anchor[i]!;
        r = data[j * 3]!;
        g = data[j * 3 + 1]!;
        b = data[j * 3 + 2]!;
      } else if (K) {
        // F = (C − (1 − α)K) / α
        r = (r - (1 - a) * K.r) / a;
        g = (g - (1 - a) * K.g) / a;
        b = (b - (1 - a) * K.b) / a;
      }
      if (spillable) {
        // What is left of the key's hue at the edge, pulled down to the other channels.
        const channels = [r, g, b];
        const high = Math.min(...channels.filter((_, c) => keyHigh[c]));
        const low = Math.max(...channels.filter((_, c) => !keyHigh[c]));
        const excess = (high - low) * (1 - a);
        if (excess > 0) {
          if (keyHigh[0]) r -= excess;
          if (keyHigh[1]) g -= excess;
          if (keyHigh[2]) b -= excess;
        }
      }
    }
    rgba[o] = Math.min(255, Math.max(0, Math.round(r)));
    rgba[o + 1] = Math.min(255, Math.max(0, Math.round(g)));
    rgba[o + 2] = Math.min(255, Math.max(0, Math.round(b)));
  }
  return { rgba, coverage: total / n };
}

/**
 * A matting model's alpha (0–255 per pixel) made into RGBA the same way: unmixed from the
 * background where its colour is known (null: a background of no single colour, whose
 * colours are kept), with faint edge pixels coloured from the most opaque pixel near them.
 */
export function matteFromAlpha(
  pixels: RgbPixels,
  alpha: Uint8Array,
  background: BackgroundEstimate | null,
): { rgba: Uint8Array; coverage: number } {
  const { data, width, height } = pixels;
  const n = width * height;
  if (alpha.length !== n) throw new Error(`The matting model gave ${alpha.length} alpha values for ${n} pixels.`);
  const a = Float32Array.from(alpha, (v) => v / 255);
  const anchor = new Int32Array(n).fill(-1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (a[i]! < 0.02 || a[i]! >= 0.25) continue;
      let best = 0.5;
      for (let yy = Math.max(0, y - EDGE_RADIUS); yy <= Math.min(height - 1, y + EDGE_RADIUS); yy++) {
        for (let xx = Math.max(0, x - EDGE_RADIUS); xx <= Math.min(width - 1, x + EDGE_RADIUS); xx++) {
          const j = yy * width + xx;
          if (a[j]! > best) {
            best = a[j]!;
            anchor[i] = j;
          }
        }
      }
    }
  }
  return composeRgba(data, a, background?.colour ?? null, anchor);
}

/** Refuses a matte that removed nothing or everything. */
export function verifyCoverage(coverage: number): void {
  if (coverage < COVERAGE_BOUNDS.min) {
    throw new MatteError("The subject disappeared with the background: almost nothing was left after removing it.");
  }
  if (coverage > COVERAGE_BOUNDS.max) {
    throw new MatteError("No background was found to remove: the image would have no real transparency.");
  }
}

export async function encodeRgba(rgba: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * Takes a key-colour background out of an opaque image (a provider that cannot return
 * alpha was asked for that background): the real background colour is read from the
 * border, since no model paints the exact key. With a matting model its alpha is used
 * instead of the colour distance's, so an image off the key can still be matted. Throws a
 * MatteError when the image was not on the key (without a model) or the result has no
 * real transparency.
 */
export async function removeKeyColour(
  image: Buffer,
  options: { key?: RGB; matting?: MattingModel } = {},
): Promise<MatteResult> {
  const pixels = await decodeRgb(image);
  const background = estimateBackground(pixels, options.key);
  let matte;
  if (options.matting) {
    matte = matteFromAlpha(pixels, await options.matting.predictAlpha(image), background);
  } else if (!background) {
    throw new MatteError("The image did not come back on the key-colour background, so it cannot be made transparent.");
  } else {
    // Key-coloured holes through the subject (a handle, a gap between leaves) are background too.
    matte = matteFromBackground(pixels, { background, connectedOnly: false });
  }
  verifyCoverage(matte.coverage);
  return { data: await encodeRgba(matte.rgba, pixels.width, pixels.height), coverage: matte.coverage };
}
