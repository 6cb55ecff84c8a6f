import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BytesCache } from "../cache/bytes-cache.server";
import { encodedDocument, encodeDocument } from "./encoded-documents.server";

const html = Buffer.from(
  `<!DOCTYPE html><html><body>${Array.from({ length: 400 }, (_, i) => `<li class="card">Object ${i}</li>`).join("")}</body></html>`,
);

describe("an encoded document", () => {
  it("decodes to the same bytes, several times smaller", () => {
    const brotli = encodeDocument(html, "br");
    expect(brotliDecompressSync(brotli).equals(html)).toBe(true);
    expect(brotli.length).toBeLessThan(html.length / 4);
    const gzip = encodeDocument(html, "gzip");
    expect(gunzipSync(gzip).equals(html)).toBe(true);
    expect(gzip.length).toBeLessThan(html.length / 4);
    const zstd = encodeDocument(html, "zstd");
    expect(zstdDecompressSync(zstd).equals(html)).toBe(true);
    expect(zstd.length).toBeLessThan(html.length / 4);
  });

  it("is compressed once per document and encoding, and again once the cache let it go", () => {
    const cache = new BytesCache(1024 * 1024);
    const brotli = encodedDocument(cache, "page-1", html, "br");
    expect(encodedDocument(cache, "page-1", html, "br")).toBe(brotli);
    const gzip = encodedDocument(cache, "page-1", html, "gzip");
    expect(gzip).not.toBe(brotli);
    expect(gunzipSync(gzip).equals(html)).toBe(true);
    expect(encodedDocument(cache, "page-1", html, "gzip")).toBe(gzip);
    cache.forget("page-1");
    const again = encodedDocument(cache, "page-1", html, "br");
    expect(again).not.toBe(brotli);
    expect(again.equals(brotli)).toBe(true);
  });
});
