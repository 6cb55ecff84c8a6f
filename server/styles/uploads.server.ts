import pLimit from "p-limit";
import sharp from "sharp";
import { limits } from "#domain/limits";

export const MAX_REFERENCE_IMAGES = limits.referenceImages;
const ACCEPTED_FORMATS = new Set(["png", "jpeg", "webp"]);
// 40 megapixels: enough for any reference, small enough that decoding cannot exhaust memory.
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_EDGE = 2048;

/**
 * Reference images decoded at once, in the whole process: a decode holds the image's
 * pixels (up to ~160 MB at the pixel limit), so many parallel uploads wait here
 * instead of adding up in memory.
 */
const decodes = pLimit(2);

export class UploadError extends Error {
  override name = "UploadError";
}

export interface CleanImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Checks an upload by its content (not its name or declared type), then
 * re-encodes it as PNG: metadata such as EXIF and GPS is dropped, and anything
 * hidden after the image data does not survive. `input` is a file path (an upload
 * streamed to disk) or the bytes.
 */
export function cleanReferenceImage(input: string | Buffer, fileName: string): Promise<CleanImage> {
  return decodes(async () => {
    let format: string | undefined;
    try {
      format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
    } catch {
      throw new UploadError(`${fileName} is not an image we can read. Use PNG, JPEG or WebP.`);
    }
    if (!format || !ACCEPTED_FORMATS.has(format)) {
      throw new UploadError(`${fileName} is a ${format ?? "unknown"} file. Use PNG, JPEG or WebP.`);
    }
    try {
      const { data: png, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(MAX_EDGE, MAX_EDGE, { fit: "inside", withoutEnlargement: true })
        .png()
        .toBuffer({ resolveWithObject: true });
      return { data: png, width: info.width, height: info.height };
    } catch {
      throw new UploadError(`${fileName} could not be read. It may be damaged or too large.`);
    }
  });
}

/** Runs other work on decoded images under the same bound (palette, traits). */
export function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  return decodes(work);
}
