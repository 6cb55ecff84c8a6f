import { describe, expect, it } from "vitest";
import { DOCUMENT_ENCODINGS, PAGE_ENCODINGS, preferredEncoding } from "./content-encoding.server";

describe("the encoding a public page is sent in", () => {
  const forPage = (accepted: string | null | undefined) => preferredEncoding(accepted, PAGE_ENCODINGS);

  it("is Brotli when the request welcomes it as much as gzip, as browsers do", () => {
    expect(forPage("gzip, deflate, br, zstd")).toBe("br");
    expect(forPage("br")).toBe("br");
    expect(forPage("*")).toBe("br");
  });

  it("follows the request's weights, and refusals", () => {
    expect(forPage("gzip")).toBe("gzip");
    expect(forPage("gzip, deflate")).toBe("gzip");
    expect(forPage("br;q=0.5, gzip")).toBe("gzip");
    expect(forPage("br;q=0, gzip")).toBe("gzip");
    expect(forPage("br;q=0, gzip;q=0")).toBeNull();
  });

  it("is none without the header, or for encodings it does not offer", () => {
    expect(forPage(undefined)).toBeNull();
    expect(forPage(null)).toBeNull();
    expect(forPage("")).toBeNull();
    expect(forPage("identity")).toBeNull();
    expect(forPage("deflate, zstd")).toBeNull();
  });
});

describe("the encoding a signed-in document is sent in", () => {
  const forDocument = (accepted: string) => preferredEncoding(accepted, DOCUMENT_ENCODINGS);

  it("is zstd where the browser takes it, then Brotli, then gzip", () => {
    expect(forDocument("gzip, deflate, br, zstd")).toBe("zstd");
    expect(forDocument("*")).toBe("zstd");
    expect(forDocument("gzip, deflate, br")).toBe("br");
    expect(forDocument("gzip, deflate")).toBe("gzip");
  });

  it("follows the request's weights, and refusals", () => {
    expect(forDocument("zstd;q=0.5, br")).toBe("br");
    expect(forDocument("zstd;q=0, br;q=0, gzip")).toBe("gzip");
    expect(forDocument("identity")).toBeNull();
  });
});
