import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { documentEncoding, encodeDocument } from "./encoded-documents.server";

describe("a document's encoding", () => {
  it("is Brotli when the request welcomes it as much as gzip, as browsers do", () => {
    expect(documentEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(documentEncoding("br")).toBe("br");
    expect(documentEncoding("*")).toBe("br");
  });

  it("follows the request's weights, and refusals", () => {
    expect(documentEncoding("gzip")).toBe("gzip");
    expect(documentEncoding("gzip, deflate")).toBe("gzip");
    expect(documentEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(documentEncoding("br;q=0, gzip")).toBe("gzip");
    expect(documentEncoding("br;q=0, gzip;q=0")).toBeNull();
  });

  it("is none without the header, or for encodings it does not offer", () => {
    expect(documentEncoding(null)).toBeNull();
    expect(documentEncoding("")).toBeNull();
    expect(documentEncoding("identity")).toBeNull();
    expect(documentEncoding("deflate, zstd")).toBeNull();
  });
});

describe("an encoded document", () => {
  const html = Buffer.from(
    `<!DOCTYPE html><html><body>${Array.from({ length: 400 }, (_, i) => `<li class="card">Object ${i}</li>`).join("")}</body></html>`,
  );

  it("decodes to the same bytes, several times smaller", async () => {
    const brotli = await encodeDocument(html, "br");
    expect(brotliDecompressSync(brotli).equals(html)).toBe(true);
    expect(brotli.length).toBeLessThan(html.length / 4);
    const gzip = await encodeDocument(html, "gzip");
    expect(gunzipSync(gzip).equals(html)).toBe(true);
    expect(gzip.length).toBeLessThan(html.length / 4);
  });
});
