import { answeredImage } from "./answered-image.server";
import type { GeneratedImage } from "./provider";
import { downloadResultLink } from "./result-link.server";

/**
 * Downloads a finished task's image from its signed link (result.sample). It lasts about ten
 * minutes. What comes back must be an image that decodes: a JPEG becomes a PNG. Anything else is
 * an answer Motif cannot use for this image, and not worth another try.
 */
export async function downloadSample(address: string, signal: AbortSignal): Promise<GeneratedImage> {
  const { data } = await downloadResultLink(address, signal, "BFL keeps results for about ten minutes");
  return answeredImage(data);
}
