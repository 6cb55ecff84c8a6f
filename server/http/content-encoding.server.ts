import Negotiator from "negotiator";

/** The compressed forms Motif sends a page in. */
export type ContentEncoding = "zstd" | "br" | "gzip";

/**
 * What the public pages are kept in, Brotli first: compressed once at Brotli's best quality
 * (decision 041), which zstd does not beat in bytes.
 */
export const PAGE_ENCODINGS = ["br", "gzip"] as const satisfies readonly ContentEncoding[];

/**
 * What a signed-in document is compressed in as it is asked for, zstd first: at its default level
 * it writes `/app` in about half the time Brotli's quality 3 takes, 1 % larger (decision 145).
 */
export const DOCUMENT_ENCODINGS = ["zstd", "br", "gzip"] as const satisfies readonly ContentEncoding[];

/** Negotiator 1.1's encodings(), whose `preferred` breaks ties; its published types predate it. */
interface EncodingNegotiator {
  encodings(available: readonly string[], options: { preferred: readonly string[] }): string[];
}

/**
 * The encoding to send a page in, from the request's Accept-Encoding: the first of `offered` among
 * those it welcomes most (browsers send "gzip, deflate, br, zstd", where the order alone would pick
 * gzip); null sends the page as it is.
 */
export function preferredEncoding<Offered extends ContentEncoding>(
  acceptEncoding: string | null | undefined,
  offered: readonly Offered[],
): Offered | null {
  if (!acceptEncoding) return null;
  const negotiator = new Negotiator({
    headers: { "accept-encoding": acceptEncoding },
  }) as unknown as EncodingNegotiator;
  const [best] = negotiator.encodings(offered, { preferred: offered });
  return offered.find((encoding) => encoding === best) ?? null;
}
