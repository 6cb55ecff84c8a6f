import sharp from "sharp";
import type { UpscaleFactor } from "#domain/image-lineage";

/**
 * Motif's own upscale, no AI: Lanczos resampling, then a light sharpening of the colour. A
 * PNG, `factor` times the width and height.
 *
 * With transparency, the colour and the alpha are resampled apart, and the colour under fully
 * see-through pixels is first filled from the nearest visible ones: otherwise that hidden colour
 * (usually black) would bleed into the edges as a dark fringe, through the resampling and the
 * sharpening alike. The alpha is resampled as it is and never sharpened.
 */
export async function basicUpscale(
  original: Buffer,
  factor: UpscaleFactor,
): Promise<{ data: Buffer; width: number; height: number }> {
  const { data: rgba, info } = await sharp(original).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const size = { width: width * factor, height: height * factor };
  const opaque = rgba.every((value, i) => i % 4 !== 3 || value === 255);
  if (opaque) {
    const data = await sharp(rgba, { raw: { width, height, channels: 4 } })
      .removeAlpha()
      .resize({ ...size, kernel: "lanczos3", fit: "fill" })
      .convolve(LIGHT_SHARPEN)
      .png({ compressionLevel: PNG_COMPRESSION })
      .toBuffer();
    return { data, ...size };
  }
  const { colour, alpha } = await splitWithFilledColour(rgba, width, height);
  const resizedAlpha = await sharp(alpha, { raw: { width, height, channels: 1 } })
    .resize({ ...size, kernel: "lanczos3", fit: "fill" })
    // One channel stays one (sharp would write it out as three grey ones).
    .extractChannel(0)
    .raw()
    .toBuffer();
  // The colour in one pipeline from resampling to PNG: libvips streams it in strips, so the large
  // colour image is never held whole.
  const data = await sharp(colour, { raw: { width, height, channels: 3 } })
    .resize({ ...size, kernel: "lanczos3", fit: "fill" })
    .convolve(LIGHT_SHARPEN)
    .joinChannel(resizedAlpha, { raw: { ...size, channels: 1 } })
    .png({ compressionLevel: PNG_COMPRESSION })
    .toBuffer();
  return { data, ...size };
}

/**
 * The pixel plus an eighth of how much it differs from its four neighbours: a light unsharp mask
 * in one 3 × 3 pass (sharp's own sigma-based sharpen works in Lab and takes ten times as long
 * at 4096 px).
 */
const LIGHT_SHARPEN = { width: 3, height: 3, kernel: [0, -1, 0, -1, 12, -1, 0, -1, 0], scale: 8 };

/** zlib's level for the large PNGs: a 4096 px icon is about as small at 3 as at 6, and faster. */
const PNG_COMPRESSION = 3;

/**
 * The image's colour (3 channels) and alpha (1), where see-through pixels take the average colour
 * of the visible pixels around them (their colours weighted by their alpha, both blurred, divided:
 * a "pull" fill, at the original's size, so cheap) as far as they are see-through.
 */
async function splitWithFilledColour(rgba: Buffer, width: number, height: number) {
  const pixels = width * height;
  const colour = Buffer.alloc(pixels * 3);
  const weighted = Buffer.alloc(pixels * 3);
  const alpha = Buffer.alloc(pixels);
  for (let p = 0; p < pixels; p++) {
    const a = rgba[p * 4 + 3]!;
    alpha[p] = a;
    for (let c = 0; c < 3; c++) {
      const value = rgba[p * 4 + c]!;
      colour[p * 3 + c] = value;
      weighted[p * 3 + c] = Math.round((value * a) / 255);
    }
  }
  const radius = Math.max(4, Math.round(Math.max(width, height) / 128));
  const [nearColour, nearAlpha] = await Promise.all([
    sharp(weighted, { raw: { width, height, channels: 3 } })
      .blur(radius)
      .raw()
      .toBuffer(),
    sharp(alpha, { raw: { width, height, channels: 1 } })
      .blur(radius)
      .extractChannel(0)
      .raw()
      .toBuffer(),
  ]);
  for (let p = 0; p < pixels; p++) {
    const a = alpha[p]!;
    if (a === 255 || nearAlpha[p] === 0) continue;
    // Over the neighbours' colour, as much as the pixel is see-through: a faint edge pixel's own
    // colour is only roughly known (it was stored multiplied by a small alpha).
    for (let c = 0; c < 3; c++) {
      const near = Math.min(255, (nearColour[p * 3 + c]! * 255) / nearAlpha[p]!);
      colour[p * 3 + c] = Math.round((colour[p * 3 + c]! * a + near * (255 - a)) / 255);
    }
  }
  return { colour, alpha };
}

/**
 * An AI upscaler's side of an upscale: upscalers answer opaque, so they get the picture without its
 * alpha (the colour under see-through pixels filled from the visible ones, so no dark fringe is
 * enlarged), and `finish` sizes their answer to exactly `factor` times the original and puts the
 * original's alpha back on it, resampled as the basic upscale does.
 */
export async function prepareForUpscaler(
  original: Buffer,
  factor: UpscaleFactor,
): Promise<{ input: Buffer; finish(answer: Buffer): Promise<Buffer> }> {
  const { data: rgba, info } = await sharp(original).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const size = { width: width * factor, height: height * factor };
  const opaque = rgba.every((value, i) => i % 4 !== 3 || value === 255);
  // flatten, not removeAlpha: sharp removes the alpha last, after joinChannel, so removeAlpha would
  // also drop the alpha put back below; flatten runs before the resize. Upscalers answer opaque.
  const sized = (answer: Buffer) =>
    sharp(answer)
      .flatten()
      .resize({ ...size, kernel: "lanczos3", fit: "fill" });
  if (opaque) {
    return {
      input: await sharp(rgba, { raw: { width, height, channels: 4 } })
        .removeAlpha()
        .png()
        .toBuffer(),
      finish: (answer) => sized(answer).png({ compressionLevel: PNG_COMPRESSION }).toBuffer(),
    };
  }
  const { colour, alpha } = await splitWithFilledColour(rgba, width, height);
  return {
    input: await sharp(colour, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
    async finish(answer) {
      const resizedAlpha = await sharp(alpha, { raw: { width, height, channels: 1 } })
        .resize({ ...size, kernel: "lanczos3", fit: "fill" })
        .extractChannel(0)
        .raw()
        .toBuffer();
      return sized(answer)
        .joinChannel(resizedAlpha, { raw: { ...size, channels: 1 } })
        .png({ compressionLevel: PNG_COMPRESSION })
        .toBuffer();
    },
  };
}
