import sharp from "sharp";
import { withDecodeSlot } from "./uploads.server";

/** A reference image shrunk for reading, with what is its background and what its subject. */
export interface ReferencePixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Buffer;
  /** 1 where the pixel belongs to the subject: opaque and unlike the background. */
  subject: Uint8Array;
  /** The flat colour around the subject, or null when the border has none (a photo, a full-bleed drawing). */
  background: [number, number, number] | null;
}

/** Colours this close (RGB distance) are the same paint: a background's anti-aliased or noisy pixels. */
const SAME_PAINT = 48;
/** A border is a background when this share of its pixels are one colour. */
const FLAT_BORDER = 0.6;

const distance = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/**
 * The colour most of the image's outermost ring shares, if most of it shares one: a sticker on a
 * white card, an icon on a flat tile colour. Transparent pixels are background anyway.
 */
function borderColour(data: Buffer, width: number, height: number): [number, number, number] | null {
  const ring: [number, number, number, number][] = [];
  for (let x = 0; x < width; x++) {
    for (const y of [0, height - 1]) ring.push(pixelAt(data, width, x, y));
  }
  for (let y = 1; y < height - 1; y++) {
    for (const x of [0, width - 1]) ring.push(pixelAt(data, width, x, y));
  }
  const opaque = ring.filter((p) => p[3] >= 128);
  if (opaque.length < ring.length * FLAT_BORDER) return null;
  let best: [number, number, number] | null = null;
  let bestCount = 0;
  for (const candidate of opaque) {
    const count = opaque.filter((p) => distance(p, candidate) < SAME_PAINT / 2).length;
    if (count > bestCount) [best, bestCount] = [[candidate[0], candidate[1], candidate[2]], count];
    if (bestCount > ring.length / 2) break;
  }
  return best && bestCount >= ring.length * FLAT_BORDER ? best : null;
}

function pixelAt(data: Buffer, width: number, x: number, y: number): [number, number, number, number] {
  const i = (y * width + x) * 4;
  return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
}

/** Reads a reference at `side` pixels on its long side and tells its subject from its background. */
export async function readReference(image: Buffer, side: number): Promise<ReferencePixels> {
  const { data, info } = await withDecodeSlot(() =>
    sharp(image).resize(side, side, { fit: "inside" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
  );
  const { width, height } = info;
  const background = borderColour(data, width, height);
  const subject = new Uint8Array(width * height);
  for (let p = 0; p < width * height; p++) {
    const pixel = [data[p * 4]!, data[p * 4 + 1]!, data[p * 4 + 2]!];
    const opaque = data[p * 4 + 3]! >= 128;
    subject[p] = opaque && !(background && distance(pixel, background) < SAME_PAINT) ? 1 : 0;
  }
  return { width, height, data, subject, background };
}

/**
 * Whether a reference is drawn in lines: its strokes enclose more background than they cover (an
 * outlined circle, a tree drawn in ink), or they are so thin that few of its pixels lie inside the
 * shape (all four neighbours also the subject's). A filled icon covers what it outlines.
 */
export function isLineArt(reference: ReferencePixels): boolean {
  const { width, height, subject } = reference;
  let total = 0;
  let inside = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      if (!subject[p]) continue;
      total++;
      if (subject[p - 1] && subject[p + 1] && subject[p - width] && subject[p + width]) inside++;
    }
  }
  if (total === 0) return false;
  return enclosedArea(reference) > total * 0.8 || inside / total < 0.35;
}

/** How many background pixels the subject encloses: those no path from the border reaches. */
function enclosedArea({ width, height, subject }: ReferencePixels): number {
  const reached = new Uint8Array(width * height);
  const queue: number[] = [];
  const visit = (p: number) => {
    if (!subject[p] && !reached[p]) {
      reached[p] = 1;
      queue.push(p);
    }
  };
  for (let x = 0; x < width; x++) {
    visit(x);
    visit((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    visit(y * width);
    visit(y * width + width - 1);
  }
  while (queue.length) {
    const p = queue.pop()!;
    const [x, y] = [p % width, Math.floor(p / width)];
    if (x > 0) visit(p - 1);
    if (x < width - 1) visit(p + 1);
    if (y > 0) visit(p - width);
    if (y < height - 1) visit(p + width);
  }
  let enclosed = 0;
  for (let p = 0; p < width * height; p++) if (!subject[p] && !reached[p]) enclosed++;
  return enclosed;
}
