import { answeredImage, contentTypeOf } from "./answered-image.server";
import { MAX_OUTPUT_BYTES, readCapped, transportError } from "./fal-http.server";
import { ProviderAnswerError, ProviderRetryableError, type GeneratedImage } from "./provider";

/**
 * Downloads a finished task's image from its signed link (result.sample), without the key: the
 * link is its own permission. It lasts about ten minutes, so a refused or missing link (403, 404,
 * 410) is an expired one. What comes back must be an image that decodes: a JPEG becomes a PNG.
 * Anything else is an answer Motif cannot use for this image, and not worth another try.
 */
export async function downloadSample(address: string, signal: AbortSignal): Promise<GeneratedImage> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new ProviderAnswerError("The image service returned an image address that is not valid");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ProviderAnswerError("The image service returned an image address Motif does not fetch");
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
      throw new ProviderAnswerError(
        `The link to the finished image had expired or was refused (HTTP ${response.status}); BFL keeps results for about ten minutes`,
      );
    }
    throw response.status >= 500 || response.status === 429
      ? new ProviderRetryableError(`The image could not be downloaded (HTTP ${response.status})`)
      : new ProviderAnswerError(`The image could not be downloaded (HTTP ${response.status})`);
  }
  const type = contentTypeOf(response);
  if (/^(text\/|application\/(json|xml|problem))/.test(type)) {
    await response.body?.cancel().catch(() => {});
    throw new ProviderAnswerError(`The image service answered ${type} where the image was expected`);
  }
  return answeredImage(await readCapped(response, signal, MAX_OUTPUT_BYTES, "The image service returned an image"));
}
