import sharp from "sharp";
import { ProviderAnswerError, type GeneratedImage } from "./provider";

/**
 * An image's bytes as a provider answered them, made sure of before Motif keeps them: they must
 * decode whole (a header that reads as an image may still hide a body that does not), PNG and WebP
 * are kept as they are, any other image (a JPEG) becomes a PNG. Bytes that are not an image fail
 * this one image (ProviderAnswerError). `from` names who answered: "The image service", "The WebUI".
 */
export async function answeredImage(data: Buffer, from = "The image service"): Promise<GeneratedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(data).metadata()).format;
  } catch {
    throw new ProviderAnswerError(`${from} returned a file that is not an image`);
  }
  try {
    if (format === "png" || format === "webp") {
      // Every pixel read and none kept: an upscale's 8192 px answer is not held decoded.
      await sharp(data, { failOn: "error" }).stats();
      return { data, format };
    }
    return { data: await sharp(data, { failOn: "error" }).png().toBuffer(), format: "png" };
  } catch {
    throw new ProviderAnswerError(`${from} returned an image that does not decode`);
  }
}

/** The answer's content type, without its parameters, in lower case ("" when it has none). */
export const contentTypeOf = (response: Response) =>
  (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
