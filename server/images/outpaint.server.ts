import sharp from "sharp";
import { extendedSize, type OutpaintSides } from "#domain/outpaint";

/**
 * The pictures an outpaint or a new background is made of, and the one made of them: what a
 * model that repaints a masked region is given (a canvas and a mask, white where it paints), and
 * the original composited back into its answer so that every pixel of the original stays its own.
 */

/** The longest side a provider is sent: every one that repaints a region takes this much. */
export const OUTPAINT_MAX_SIDE = 2048;
/** What the sides sent are multiples of (FLUX Fill and SDXL work in blocks of 16 and 8). */
const SIDE_STEP = 16;
/** How far the mask reaches into the original's border, in pixels, fading out: the model blends the seam. */
export const SEAM_FEATHER = 8;
/** Below this alpha a pixel is background: the new background is painted there. */
const BACKGROUND_ALPHA = 128;
/** How far (in RGB distance) a pixel may be from a plain background's colour and still be background. */
const PLAIN_TOLERANCE = 40;
/** The share of the border that must be of one colour for a background to be plain. */
const PLAIN_BORDER_SHARE = 0.9;

export interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

async function rgba(image: Buffer): Promise<Raw> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const png = (raw: Raw, channels: 1 | 4) =>
  sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels } })
    .png()
    .toBuffer();

/**
 * The size a canvas is sent at: no side over OUTPAINT_MAX_SIDE, both multiples of SIDE_STEP, the
 * shape kept as nearly as those allow.
 */
export function sentSize(size: { width: number; height: number }) {
  const scale = Math.min(1, OUTPAINT_MAX_SIDE / Math.max(size.width, size.height));
  const step = (side: number) =>
    Math.min(OUTPAINT_MAX_SIDE, Math.max(SIDE_STEP, Math.round((side * scale) / SIDE_STEP) * SIDE_STEP));
  return { width: step(size.width), height: step(size.height) };
}

/** What a model is given: the canvas and its mask (one grey channel, white where it paints), at the sent size. */
export interface ModelInput {
  canvas: Buffer;
  mask: Buffer;
  /** The size of the image made, at the original's scale (the model's answer is brought to it). */
  width: number;
  height: number;
}

async function sent(canvas: Raw, mask: Raw): Promise<Pick<ModelInput, "canvas" | "mask">> {
  const size = sentSize(canvas);
  const resize = (image: Buffer, channels: 1 | 4) =>
    sharp(image, { raw: { width: canvas.width, height: canvas.height, channels } })
      .resize({ ...size, fit: "fill" })
      .png()
      .toBuffer();
  const [canvasPng, maskPng] = await Promise.all([resize(canvas.data, 4), resize(mask.data, 1)]);
  return { canvas: canvasPng, mask: maskPng };
}

/**
 * The enlarged canvas (the original at its offset, the new space filled by stretching its edge
 * pixels outward, which models continue better than a flat grey) and the mask: white over the new
 * space, fading over SEAM_FEATHER pixels into the original's extended borders so the seam blends.
 */
export async function extendCanvas(original: Buffer, sides: OutpaintSides) {
  const source = await rgba(original);
  const { pad, width, height } = extendedSize(source, sides);
  const { data } = await sharp(source.data, { raw: { width: source.width, height: source.height, channels: 4 } })
    .extend({ ...pad, extendWith: "copy" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mask = Buffer.alloc(width * height);
  const right = pad.left + source.width;
  const bottom = pad.top + source.height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x < pad.left || x >= right || y < pad.top || y >= bottom) {
        mask[y * width + x] = 255;
        continue;
      }
      // Inside the original: how near an extended border it lies.
      let near = Infinity;
      if (pad.left > 0) near = Math.min(near, x - pad.left);
      if (pad.right > 0) near = Math.min(near, right - 1 - x);
      if (pad.top > 0) near = Math.min(near, y - pad.top);
      if (pad.bottom > 0) near = Math.min(near, bottom - 1 - y);
      if (near < SEAM_FEATHER) mask[y * width + x] = Math.round(255 * (1 - (near + 1) / (SEAM_FEATHER + 1)));
    }
  }
  const input = await sent({ data, width, height }, { data: mask, width, height });
  return { ...input, width, height, offset: { left: pad.left, top: pad.top } };
}

/**
 * The extended image: the model's answer brought to the canvas's size, and the original put back
 * at its offset exactly, alpha included, so none of its pixels is the model's.
 */
export async function keepOriginal(
  original: Buffer,
  answer: Buffer,
  at: { width: number; height: number; offset: { left: number; top: number } },
) {
  const [source, made] = await Promise.all([
    rgba(original),
    sharp(answer).resize({ width: at.width, height: at.height, fit: "fill" }).ensureAlpha().raw().toBuffer(),
  ]);
  for (let y = 0; y < source.height; y++) {
    const from = y * source.width * 4;
    source.data.copy(made, ((at.offset.top + y) * at.width + at.offset.left) * 4, from, from + source.width * 4);
  }
  return png({ data: made, width: at.width, height: at.height }, 4);
}

/** The alpha of the subject: the image's own, or for an opaque one, its plain background keyed out (null when not plain). */
export function subjectAlpha(image: Raw): Buffer | null {
  const { data, width, height } = image;
  const alpha = Buffer.alloc(width * height);
  let transparent = false;
  for (let p = 0; p < alpha.length; p++) {
    alpha[p] = data[p * 4 + 3]!;
    if (alpha[p]! < 255) transparent = true;
  }
  if (transparent) return alpha;
  return keyPlainBackground(image);
}

/** The border's pixels, as indices: where a plain background shows. */
function borderPixels(width: number, height: number): number[] {
  const border: number[] = [];
  for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
  for (let y = 1; y < height - 1; y++) border.push(y * width, y * width + width - 1);
  return border;
}

/**
 * An opaque image's plain background keyed out: the border's most common colour, and every pixel
 * near it reached from the border, made transparent. Null when the border is not of one colour.
 */
function keyPlainBackground({ data, width, height }: Raw): Buffer | null {
  const border = borderPixels(width, height);
  const counts = new Map<number, number>();
  const bucket = (p: number) => ((data[p * 4]! >> 3) << 10) | ((data[p * 4 + 1]! >> 3) << 5) | (data[p * 4 + 2]! >> 3);
  let top = 0;
  let topCount = 0;
  for (const p of border) {
    const key = bucket(p);
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count > topCount) [top, topCount] = [p, count];
  }
  const [r, g, b] = [data[top * 4]!, data[top * 4 + 1]!, data[top * 4 + 2]!];
  const near = (p: number) =>
    Math.hypot(data[p * 4]! - r, data[p * 4 + 1]! - g, data[p * 4 + 2]! - b) <= PLAIN_TOLERANCE;
  if (border.filter(near).length < border.length * PLAIN_BORDER_SHARE) return null;
  const alpha = Buffer.alloc(width * height, 255);
  const queue = border.filter(near);
  for (const p of queue) alpha[p] = 0;
  while (queue.length > 0) {
    const p = queue.pop()!;
    const x = p % width;
    for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
      if (q >= 0 && q < alpha.length && alpha[q] === 255 && near(q)) {
        alpha[q] = 0;
        queue.push(q);
      }
    }
  }
  return alpha;
}

/** True when a new background can be painted behind the image's subject: its background is transparent or plain. */
export async function hasSeparableBackground(image: Buffer): Promise<boolean> {
  return subjectAlpha(await rgba(image)) !== null;
}

/**
 * What a model is given to paint a new background: the image with its background made neutral
 * grey, and the mask, white where the subject's alpha is low. Null when the image has neither a
 * transparent nor a plain background (there is no subject to keep apart from it).
 */
export async function backgroundInput(original: Buffer): Promise<(ModelInput & { alpha: Buffer }) | null> {
  const source = await rgba(original);
  const alpha = subjectAlpha(source);
  if (!alpha) return null;
  const mask = Buffer.alloc(alpha.length);
  const canvas = Buffer.from(source.data);
  for (let p = 0; p < alpha.length; p++) {
    const a = alpha[p]! / 255;
    mask[p] = alpha[p]! < BACKGROUND_ALPHA ? 255 : 0;
    // The subject over neutral grey, opaque: what a model sees behind it does not pull its colours.
    for (let c = 0; c < 3; c++) canvas[p * 4 + c] = Math.round(source.data[p * 4 + c]! * a + 128 * (1 - a));
    canvas[p * 4 + 3] = 255;
  }
  const input = await sent(
    { data: canvas, width: source.width, height: source.height },
    { data: mask, width: source.width, height: source.height },
  );
  return { ...input, width: source.width, height: source.height, alpha };
}

/**
 * The subject over its new background: the model's answer brought to the image's size and made
 * opaque, the original laid over it by the subject's alpha. Where the subject is opaque, its
 * pixels are the original's exactly.
 */
export async function subjectOverBackground(original: Buffer, answer: Buffer) {
  const source = await rgba(original);
  const alpha = subjectAlpha(source) ?? Buffer.alloc(source.width * source.height, 255);
  const made = await sharp(answer)
    .resize({ width: source.width, height: source.height, fit: "fill" })
    .flatten({ background: "#808080" })
    .raw()
    .toBuffer();
  const out = Buffer.alloc(source.width * source.height * 3);
  for (let p = 0; p < alpha.length; p++) {
    const a = alpha[p]!;
    for (let c = 0; c < 3; c++) {
      out[p * 3 + c] =
        a === 255
          ? source.data[p * 4 + c]!
          : Math.round((source.data[p * 4 + c]! * a + made[p * 3 + c]! * (255 - a)) / 255);
    }
  }
  return sharp(out, { raw: { width: source.width, height: source.height, channels: 3 } })
    .png()
    .toBuffer();
}
