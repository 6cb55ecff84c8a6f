import { describe, expect, it } from "vitest";
import { preferredEncoding } from "./content-encoding.server";

describe("the encoding a kept page is sent in", () => {
  it("is Brotli when the request welcomes it as much as gzip, as browsers do", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("br")).toBe("br");
    expect(preferredEncoding("*")).toBe("br");
  });

  it("follows the request's weights, and refusals", () => {
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0")).toBeNull();
  });

  it("is none without the header, or for encodings it does not offer", () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding(null)).toBeNull();
    expect(preferredEncoding("")).toBeNull();
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding("deflate, zstd")).toBeNull();
  });
});
