import { contentTypeOf } from "./answered-image.server";
import { MAX_OUTPUT_BYTES, readCapped, transportError } from "./fal-http.server";
import { ProviderAnswerError, ProviderRetryableError } from "./provider";

/**
 * A finished result's bytes from the signed link a provider answered (BFL's sample, Recraft's
 * image url), fetched without the key: the link is its own permission. A refused or missing link
 * (403, 404, 410) has expired (`kept` says for how long the provider keeps results); text where
 * the file should be, or a link Motif does not fetch, is an answer it cannot use for this image.
 */
export async function downloadResultLink(
  address: string,
  signal: AbortSignal,
  kept: string,
): Promise<{ data: Buffer; type: string }> {
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
        `The link to the finished image had expired or was refused (HTTP ${response.status}); ${kept}`,
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
  return { data: await readCapped(response, signal, MAX_OUTPUT_BYTES, "The image service returned an image"), type };
}
