// Fixture images with known masks, for the matte's tests and benchmark: a subject drawn
// from a committed SVG (its alpha is the true mask), laid over a background colour that is
// not quite the key, with noise and JPEG artefacts, the way a model's output arrives.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { RGB } from "#server/generation/pipeline/key-colour";

export const MATTE_FIXTURES = ["potion", "line-art", "soft-blob", "leaf", "pixel-sprite"] as const;
export type MatteFixture = (typeof MATTE_FIXTURES)[number];

const FIXTURE_DIR = path.join(import.meta.dirname, "..", "fixtures", "matte");

export interface RenderedSubject {
  /** RGBA, 4 bytes a pixel. */
  rgba: Buffer;
  width: number;
  height: number;
}

/** The subject alone, at `size` × `size` (the sources are 256 px squares). */
export async function renderSubject(name: MatteFixture, size: number): Promise<RenderedSubject> {
  const svg = readFileSync(path.join(FIXTURE_DIR, `${name}.svg`));
  const { data, info } = await sharp(svg, { density: (72 * size) / 256 })
    .resize(size, size)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgba: data, width: info.width, height: info.height };
}

/** The alpha of the ground shadow drawn by `subjectOverGroundShadow`, 0–1. */
export const GROUND_SHADOW_ALPHA = 0.3;

/**
 * A transparent PNG, `size` × `size`: the potion, opaque, standing on a soft grey ground
 * shadow (an ellipse at GROUND_SHADOW_ALPHA, its edge blurred over several pixels).
 */
export async function subjectOverGroundShadow(size: number): Promise<Buffer> {
  const potion = readFileSync(path.join(FIXTURE_DIR, "potion.svg"), "utf8").replace(
    /<svg\b[^>]*>/,
    '<svg x="38" y="4" width="180" height="180" viewBox="0 0 256 256">',
  );
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <defs><filter id="soft" x="-20%" y="-60%" width="140%" height="220%"><feGaussianBlur stdDeviation="4" /></filter></defs>
    <ellipse cx="128" cy="180" rx="96" ry="24" fill="#707070" fill-opacity="${GROUND_SHADOW_ALPHA}" filter="url(#soft)" />
    ${potion}
  </svg>`;
  return sharp(Buffer.from(scene), { density: (72 * size) / 256 })
    .resize(size, size)
    .png()
    .toBuffer();
}

/** A small seeded generator (mulberry32): the same fixture every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The subject over `background` (a painted, slightly-off key), with ±`noise` per channel
 * and saved as JPEG at `quality`: what a provider without alpha sends back.
 */
export async function compositeOverBackground(
  subject: RenderedSubject,
  options: { background: RGB; noise?: number; quality?: number; seed?: number; lossless?: boolean },
): Promise<Buffer> {
  const next = random(options.seed ?? 1);
  const noise = options.noise ?? 6;
  const { rgba, width, height } = subject;
  const rgb = Buffer.alloc(width * height * 3);
  const bg = [options.background.r, options.background.g, options.background.b];
  for (let i = 0; i < width * height; i++) {
    const a = rgba[i * 4 + 3]! / 255;
    for (let c = 0; c < 3; c++) {
      const value = a * rgba[i * 4 + c]! + (1 - a) * bg[c]! + (next() * 2 - 1) * noise;
      rgb[i * 3 + c] = Math.min(255, Math.max(0, Math.round(value)));
    }
  }
  const image = sharp(rgb, { raw: { width, height, channels: 3 } });
  return options.lossless ? image.png().toBuffer() : image.jpeg({ quality: options.quality ?? 88 }).toBuffer();
}

export interface MatteScore {
  /** Mean |α − true α| over every pixel, 0–1. */
  maskError: number;
  /** The same over the edge: pixels within 2 px of a pixel whose true α is neither 0 nor 1. */
  edgeError: number;
  /** Mean excess of the key's channels over the others at the edge beyond the true colour's, 0–1. */
  spill: number;
}

/** How far a matte's result (a PNG with alpha) is from the true subject. */
export async function scoreMatte(result: Buffer, truth: RenderedSubject, key: RGB): Promise<MatteScore> {
  const out = await sharp(result).ensureAlpha().raw().toBuffer();
  const { width, height, rgba } = truth;
  const n = width * height;
  const partial = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const a = rgba[i * 4 + 3]!;
    if (a > 0 && a < 255) partial[i] = 1;
    // A hard edge counts too: where the true mask changes between neighbours.
    else if (i % width < width - 1 && a !== rgba[(i + 1) * 4 + 3]) partial[i] = 1;
    else if (i < n - width && a !== rgba[(i + width) * 4 + 3]) partial[i] = 1;
  }
  const edge = new Uint8Array(n);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!partial[y * width + x]) continue;
      for (let yy = Math.max(0, y - 2); yy <= Math.min(height - 1, y + 2); yy++) {
        for (let xx = Math.max(0, x - 2); xx <= Math.min(width - 1, x + 2); xx++) edge[yy * width + xx] = 1;
      }
    }
  }
  const high = [key.r, key.g, key.b].map((v) => v >= 128);
  const excess = (px: ArrayLike<number>, o: number) => {
    const channels = [px[o]!, px[o + 1]!, px[o + 2]!];
    const top = Math.min(...channels.filter((_, c) => high[c]));
    const rest = Math.max(...channels.filter((_, c) => !high[c]));
    return Math.max(0, top - rest);
  };
  let total = 0;
  let edgeTotal = 0;
  let edgeCount = 0;
  let spill = 0;
  let spillCount = 0;
  for (let i = 0; i < n; i++) {
    const error = Math.abs(out[i * 4 + 3]! - rgba[i * 4 + 3]!) / 255;
    total += error;
    if (!edge[i]) continue;
    edgeTotal += error;
    edgeCount++;
    // Spill matters where the result shows colour: weighted by its own alpha.
    const weight = out[i * 4 + 3]! / 255;
    if (weight > 0 && rgba[i * 4 + 3]! > 0) {
      spill += (weight * Math.max(0, excess(out, i * 4) - excess(rgba, i * 4))) / 255;
      spillCount += weight;
    }
  }
  return {
    maskError: total / n,
    edgeError: edgeCount ? edgeTotal / edgeCount : 0,
    spill: spillCount ? spill / spillCount : 0,
  };
}
