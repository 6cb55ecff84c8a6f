import Negotiator from "negotiator";

/** The compressed forms Motif keeps of a page, Brotli first. */
export type ContentEncoding = "br" | "gzip";

const OFFERED: ContentEncoding[] = ["br", "gzip"];

/** Negotiator 1.1's encodings(), whose `preferred` breaks ties; its published types predate it. */
interface EncodingNegotiator {
  encodings(available: readonly string[], options: { preferred: readonly string[] }): string[];
}

/**
 * The encoding to send a kept page in, from the request's Accept-Encoding: Brotli or gzip, Brotli
 * when both are as welcome (browsers send "gzip, deflate, br, zstd", where the order alone would
 * pick gzip); null sends the page as it is.
 */
export function preferredEncoding(acceptEncoding: string | null | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const negotiator = new Negotiator({
    headers: { "accept-encoding": acceptEncoding },
  }) as unknown as EncodingNegotiator;
  const [best] = negotiator.encodings(OFFERED, { preferred: OFFERED });
  return OFFERED.find((encoding) => encoding === best) ?? null;
}
