import sharp from "sharp";
import { AppError } from "#domain/errors";

/** A painted pixel: light and opaque enough (its grey, weighted by its alpha, over half). */
const PAINTED = 128;
/** The seam between repainted and kept pixels is softened over about this many pixels. */
const SEAM_SIGMA = 1.5;

/**
 * The region a person painted, as sent (a PNG as base64, a data: URL accepted), made into the
 * form every provider's conversion starts from: one grey channel, 255 where painted, 0 where
 * kept, exactly the image's size. Refused with a sentence when it is not a PNG, not the
 * image's size, or empty.
 */
export async function readPaintedMask(base64: string, image: { width: number; height: number }): Promise<Buffer> {
  const data = Buffer.from(base64.replace(/^data:image\/png;base64,/, ""), "base64");
  const meta = await sharp(data)
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== "png") throw new AppError("bad_request", "The painted region must be a PNG.");
  if (meta.width !== image.width || meta.height !== image.height) {
    throw new AppError(
      "bad_request",
      `The painted region is ${meta.width} × ${meta.height} px; it must be the image's size, ${image.width} × ${image.height} px.`,
    );
  }
  const { data: rgba } = await sharp(data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const grey = Buffer.alloc(image.width * image.height);
  let painted = 0;
  for (let i = 0; i < grey.length; i++) {
    const light = (rgba[i * 4]! * 299 + rgba[i * 4 + 1]! * 587 + rgba[i * 4 + 2]! * 114) / 1000;
    if ((light * rgba[i * 4 + 3]!) / 255 >= PAINTED) {
      grey[i] = 255;
      painted++;
    }
  }
  if (painted === 0) throw new AppError("bad_request", "Paint the region to repaint first.");
  return sharp(grey, { raw: { width: image.width, height: image.height, channels: 1 } })
    .toColourspace("b-w")
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** OpenAI's form of a mask: an RGBA PNG, fully transparent where the image is to be edited, opaque where kept. */
export async function transparentWhereRepainted(mask: Buffer): Promise<Buffer> {
  const { data: grey, info } = await sharp(mask).greyscale().raw().toBuffer({ resolveWithObject: true });
  const rgba = Buffer.alloc(grey.length * 4);
  for (let i = 0; i < grey.length; i++) rgba[i * 4 + 3] = 255 - grey[i]!;
  return sharp(rgba, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}

/**
 * The repainted image: the model's pixels inside the painted region, the original's everywhere
 * else (alpha included), over a softened seam. A model may redraw more than it was asked, or
 * answer at another size; neither reaches the kept pixels.
 */
export async function keepOutsideRegion(original: Buffer, repainted: Buffer, mask: Buffer): Promise<Buffer> {
  const base = sharp(original).ensureAlpha();
  const { width, height } = await base.metadata();
  const size = { width: width!, height: height! };
  const [before, after, weight] = await Promise.all([
    base.raw().toBuffer(),
    sharp(repainted)
      .resize({ ...size, fit: "fill" })
      .ensureAlpha()
      .raw()
      .toBuffer(),
    sharp(mask)
      .resize({ ...size, fit: "fill" })
      .greyscale()
      .blur(SEAM_SIGMA)
      .raw()
      .toBuffer(),
  ]);
  const out = Buffer.alloc(before.length);
  for (let p = 0; p < weight.length; p++) {
    const w = weight[p]! / 255;
    for (let c = 0; c < 4; c++) {
      const i = p * 4 + c;
      out[i] = Math.round(before[i]! * (1 - w) + after[i]! * w);
    }
  }
  return sharp(out, { raw: { ...size, channels: 4 } })
    .png()
    .toBuffer();
}
