import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from "node:zlib";
import type { BytesCache } from "../cache/bytes-cache.server";
import type { ContentEncoding } from "../http/content-encoding.server";

/**
 * A document compressed in one call where it is asked for: zstd at its default level writes `/app`
 * (36 kB) in about half the time Brotli's quality 3 takes, 1 % larger (docs/decisions/145), for
 * the browsers that take it; Brotli at quality 3 in about 60 % of gzip's default level's time, 4 %
 * larger (docs/decisions/131), for those that take Brotli; gzip keeps its default level for the
 * rest. Not through Node's asynchronous zlib: its stream, the hand-off to libuv's pool and back,
 * and the encoder's memory freed and faulted in again cost a fresh `/app` more CPU than the
 * compression itself (docs/decisions/139).
 */
export function encodeDocument(html: Buffer, encoding: ContentEncoding): Buffer {
  switch (encoding) {
    case "zstd":
      return zstdCompressSync(html, {
        params: { [constants.ZSTD_c_compressionLevel]: 3 },
        pledgedSrcSize: html.length,
      });
    case "br":
      return brotliCompressSync(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 3,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
        },
      });
    case "gzip":
      return gzipSync(html);
  }
}

/**
 * The kept document `html` (render key `key`) in `encoding`: compressed the first time it is
 * asked for and kept in `cache` beside the document, so an unchanged page is compressed once.
 */
export function encodedDocument(cache: BytesCache, key: string, html: Buffer, encoding: ContentEncoding): Buffer {
  const encodedKey = `${key}\0${encoding}`;
  const kept = cache.get(encodedKey);
  if (kept) return kept;
  const encoded = encodeDocument(html, encoding);
  cache.set(encodedKey, encoded);
  return encoded;
}
