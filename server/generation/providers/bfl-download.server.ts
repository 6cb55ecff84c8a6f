import sharp from "sharp";
import { MAX_OUTPUT_BYTES, readCapped, transportError } from "./fal-http.server";
import { ProviderError, ProviderRetryableError, type GeneratedImage } from "./provider";

/**
 * Downloads a finished task's image from its signed link (result.sample), without the key: the
 * link is its own permission. It lasts about ten minutes, so a refused or missing link (403, 404,
 * 410) is an expired one. What comes back must be an image: a JPEG becomes a PNG.
 */
export async function downloadSample(address: string, signal: AbortSignal): Promise<GeneratedImage> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new ProviderError("The image service returned an image address that is not valid");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ProviderError("The image service returned an image address Motif does not fetch");
  }
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    throw transportError(error, signal);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    if ([403, 404, 410].includes(response.status)) {
      throw new ProviderError(
        `The link to the finished image had expired or was refused (HTTP ${response.status}); BFL keeps results for about ten minutes`,
      );
    }
    throw response.status >= 500 || response.status === 429
      ? new ProviderRetryableError(`The image could not be downloaded (HTTP ${response.status})`)
      : new ProviderError(`The image could not be downloaded (HTTP ${response.status})`);
  }
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (/^(text\/|application\/(json|xml|problem))/.test(type)) {
    await response.body?.cancel().catch(() => {});
    throw new ProviderError(`The image service answered ${type} where the image was expected`);
  }
  const data = await readCapped(response, signal, MAX_OUTPUT_BYTES, "The image service returned an image");
  let format: string | undefined;
  try {
    format = (await sharp(data).metadata()).format;
  } catch {
    throw new ProviderError("The image service returned a file that is not an image");
  }
  try {
    // Decoded whole: a header that reads as an image may still hide a body that does not.
    if (format === "png" || format === "webp") {
      await sharp(data, { failOn: "error" }).raw().toBuffer();
      return { data, format };
    }
    return { data: await sharp(data, { failOn: "error" }).png().toBuffer(), format: "png" };
  } catch {
    throw new ProviderError("The image service returned an image that does not decode");
  }
}
