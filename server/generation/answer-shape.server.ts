import sharp from "sharp";
import { imageSizes, type ImageSize } from "#domain/images";
import { ProviderAnswerError, type GeneratedImage } from "./providers/provider";

/**
 * How far a drawn image's proportions may be from the asked size's: models round to sizes of their
 * own (832 × 1216 for 2:3), a few per cent off; a square where a portrait was asked is not that.
 */
const SHAPE_TOLERANCE = 0.1;

/**
 * A newly drawn image must have the shape that was asked for (square, portrait, landscape), or it
 * is not the image asked for: that one image fails (ProviderAnswerError), refunded, and says so.
 */
export async function assertAskedShape(image: GeneratedImage, size: ImageSize): Promise<void> {
  const { width = 0, height = 0 } = await sharp(image.data).metadata();
  const asked = imageSizes[size];
  const off = width && height ? Math.abs(Math.log(width / height / (asked.width / asked.height))) : Infinity;
  if (off > Math.log(1 + SHAPE_TOLERANCE)) {
    throw new ProviderAnswerError(
      `The image service returned a ${width} × ${height} image where a ${asked.label.toLowerCase()} one (${asked.dimensions}) was asked`,
    );
  }
}
