import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BytesCache } from "../cache/bytes-cache.server";
import { encodedDocument, encodeDocument } from "./encoded-documents.server";

const html = Buffer.from(
  `<!DOCTYPE html><html><body>${Array.from({ length: 400 }, (_, i) => `<li class="card">Object ${i}</li>`).join("")}</body></html>`,
);

describe("an encoded document", () => {
  it("decodes to the same bytes, several times smaller", async () => {
    const brotli = await encodeDocument(html, "br");
    expect(brotliDecompressSync(brotli).equals(html)).toBe(true);
    expect(brotli.length).toBeLessThan(html.length / 4);
    const gzip = await encodeDocument(html, "gzip");
    expect(gunzipSync(gzip).equals(html)).toBe(true);
    expect(gzip.length).toBeLessThan(html.length / 4);
  });

  it("is compressed once per document and encoding, and again once the cache let it go", async () => {
    const cache = new BytesCache(1024 * 1024);
    const brotli = await encodedDocument(cache, "page-1", html, "br");
    expect(await encodedDocument(cache, "page-1", html, "br")).toBe(brotli);
    const gzip = await encodedDocument(cache, "page-1", html, "gzip");
    expect(gzip).not.toBe(brotli);
    expect(gunzipSync(gzip).equals(html)).toBe(true);
    expect(await encodedDocument(cache, "page-1", html, "gzip")).toBe(gzip);
    cache.forget("page-1");
    const again = await encodedDocument(cache, "page-1", html, "br");
    expect(again).not.toBe(brotli);
    expect(again.equals(brotli)).toBe(true);
  });
});
