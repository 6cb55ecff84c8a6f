import { OPAQUE_ALPHA, openMask } from "./alpha-layers";
import { colourDistance, type RGB } from "./key-colour";

/*
 * What the tracer is given: the subject only. A background painted behind it and the shadow it
 * casts are not part of an icon; traced in, they become a grey ellipse under every symbol.
 */

/** Perceived lightness, 0–255. */
const luma = (px: Uint8Array, i: number) => 0.299 * px[i]! + 0.587 * px[i + 1]! + 0.114 * px[i + 2]!;

/** At least this share of the border must be opaque and of one colour for it to be a background. */
const BACKGROUND_SHARE = 0.6;
/** How far (redmean) a pixel may be from the background colour and still be background. */
const BACKGROUND_TOLERANCE = 60;
/** What must be left of the image for the rest to have been a background. */
const MIN_SUBJECT_SHARE = 0.01;

/** The border's pixel indices, each once. */
function borderPixels(width: number, height: number): number[] {
  const out: number[] = [];
  for (let x = 0; x < width; x++) out.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) out.push(y * width, y * width + width - 1);
  return [...new Set(out)];
}

/** The colour most of the opaque border shares, when it does; null when the border is transparent or mixed. */
export function backgroundColour(rgba: Uint8Array, width: number, height: number): RGB | null {
  const border = borderPixels(width, height);
  const buckets = new Map<number, { count: number; r: number; g: number; b: number }>();
  for (const p of border) {
    const i = p * 4;
    if (rgba[i + 3]! < OPAQUE_ALPHA) continue;
    const key = ((rgba[i]! >> 4) << 8) | ((rgba[i + 1]! >> 4) << 4) | (rgba[i + 2]! >> 4);
    const bucket = buckets.get(key) ?? { count: 0, r: 0, g: 0, b: 0 };
    bucket.count++;
    bucket.r += rgba[i]!;
    bucket.g += rgba[i + 1]!;
    bucket.b += rgba[i + 2]!;
    buckets.set(key, bucket);
  }
  const top = [...buckets.values()].sort((a, b) => b.count - a.count)[0];
  if (!top || top.count < border.length * BACKGROUND_SHARE) return null;
  return { r: Math.round(top.r / top.count), g: Math.round(top.g / top.count), b: Math.round(top.b / top.count) };
}

/**
 * Makes an opaque background transparent: the pixels of the border's colour that reach the border
 * through pixels of that colour (a flood fill), so the same colour inside the subject stays. An
 * image that would keep nothing (one colour to its border, perhaps with holes) is its own subject.
 * Changes `rgba` in place; false when there was no background.
 */
export function removeBackground(rgba: Uint8Array, width: number, height: number): boolean {
  const background = backgroundColour(rgba, width, height);
  if (!background) return false;
  const n = width * height;
  const filled = new Uint8Array(n);
  const isBackground = (p: number) => {
    const i = p * 4;
    if (filled[p] || rgba[i + 3] === 0) return false;
    return colourDistance({ r: rgba[i]!, g: rgba[i + 1]!, b: rgba[i + 2]! }, background) <= BACKGROUND_TOLERANCE;
  };
  const stack = borderPixels(width, height).filter(isBackground);
  for (const p of stack) filled[p] = 1;
  let count = stack.length;
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % width;
    const neighbours = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width];
    for (const q of neighbours) {
      if (q < 0 || q >= n || !isBackground(q)) continue;
      filled[q] = 1;
      count++;
      stack.push(q);
    }
  }
  let visible = 0;
  for (let p = 0; p < n; p++) if (rgba[p * 4 + 3]! > 0) visible++;
  if (visible - count < n * MIN_SUBJECT_SHARE) return false;
  for (let p = 0; p < n; p++) if (filled[p]) rgba[p * 4 + 3] = 0;
  return true;
}

/** A shadow is at most this opaque (about 63 %); a model's or the preview engine's is 15–45 %. */
const SHADOW_MAX_ALPHA = 160;
/** …this dark (mid grey at most)… */
const SHADOW_MAX_LUMA = 128;
/** …and this grey: black, grey or a dark muted colour, not a coloured glow or a highlight. */
const SHADOW_MAX_CHROMA = 96;
/** Semi-transparent runs narrower than 2 × 2 + 1 pixels are anti-aliased edges, never shadows. */
const EDGE_RADIUS = 2;

/**
 * Makes cast shadows transparent: areas of semi-transparent dark pixels wider than an anti-aliased
 * edge (a ground ellipse, the offset rim of a drop shadow). Changes `rgba` in place; the count removed.
 */
export function removeShadows(rgba: Uint8Array, width: number, height: number): number {
  const n = width * height;
  const semi = new Uint8Array(n);
  let any = false;
  for (let p = 0; p < n; p++) {
    const a = rgba[p * 4 + 3]!;
    if (a <= 0 || a >= OPAQUE_ALPHA) continue;
    semi[p] = 1;
    any = true;
  }
  if (!any) return 0;
  const soft = openMask(semi, width, height, EDGE_RADIUS);
  let removed = 0;
  for (let p = 0; p < n; p++) {
    const i = p * 4;
    if (!soft[p] || rgba[i + 3]! > SHADOW_MAX_ALPHA || luma(rgba, i) > SHADOW_MAX_LUMA) continue;
    const chroma = Math.max(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!) - Math.min(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!);
    if (chroma > SHADOW_MAX_CHROMA) continue;
    rgba[i + 3] = 0;
    removed++;
  }
  return removed;
}

/** Lighter than this is paper, not ink: white highlights and fills become holes in a single colour. */
const INK_MAX_LUMA = 230;

/**
 * The single-colour version of a cleaned image: every visible pixel that is not near white becomes
 * opaque black, everything else transparent, so the trace is one shape with its holes.
 */
export function inkMask(rgba: Uint8Array): Buffer {
  const out = Buffer.alloc(rgba.length);
  for (let i = 0; i < rgba.length; i += 4) {
    if (rgba[i + 3]! < 128 || luma(rgba, i) > INK_MAX_LUMA) continue;
    out[i + 3] = 255;
  }
  return out;
}
