import { describe, expect, it } from "vitest";
import { optimizedImageUrl, responsiveImage, sizedImage, widthFor } from "./image-url";

describe("image URLs", () => {
  it("leaves the default quality out and encodes the source path", () => {
    expect(optimizedImageUrl("/api/images/abc", 640)).toBe("/api/image?url=%2Fapi%2Fimages%2Fabc&w=640");
    expect(optimizedImageUrl("/api/images/abc", 320, 75)).toBe("/api/image?url=%2Fapi%2Fimages%2Fabc&w=320&q=75");
  });

  it("picks the smallest spec width that covers the pixels", () => {
    expect(widthFor(1)).toBe(320);
    expect(widthFor(320)).toBe(320);
    expect(widthFor(321)).toBe(640);
    expect(widthFor(700)).toBe(768);
    expect(widthFor(5000)).toBe(1536);
  });

  it("offers densities 1 and 2, capped at the original's size", () => {
    expect(responsiveImage({ url: "/api/images/a" }, { displayWidth: 200 }).srcSet).toBe(
      "/api/image?url=%2Fapi%2Fimages%2Fa&w=320 1x, /api/image?url=%2Fapi%2Fimages%2Fa&w=640 2x",
    );
    const small = responsiveImage({ url: "/api/images/a" }, { displayWidth: 600, sourceWidth: 512 });
    expect(small.src).toBe("/api/image?url=%2Fapi%2Fimages%2Fa&w=640");
    expect(small.srcSet).not.toContain("w=1280");
  });

  it("carries the image's signature to every size", () => {
    const signed = responsiveImage({ url: "/api/images/a", signature: "1795651200.abc" }, { displayWidth: 200 });
    expect(signed.src).toBe("/api/image?url=%2Fapi%2Fimages%2Fa&w=320&s=1795651200.abc");
    expect(signed.srcSet.split(", ").every((candidate) => candidate.includes("&s=1795651200.abc "))).toBe(true);
  });

  it("offers copies by width for an image sized by the screen, none wider than the original", () => {
    const stage = sizedImage(
      { url: "/api/images/a", signature: "1.s" },
      {
        sizes: "(min-width: 640px) 36rem, calc(100vw - 4rem)",
        widths: [640, 1024, 1536],
        sourceWidth: 1024,
        quality: 90,
      },
    );
    expect(stage.srcSet).toBe(
      "/api/image?url=%2Fapi%2Fimages%2Fa&w=640&q=90&s=1.s 640w, /api/image?url=%2Fapi%2Fimages%2Fa&w=1024&q=90&s=1.s 1024w",
    );
    expect(stage.src).toBe("/api/image?url=%2Fapi%2Fimages%2Fa&w=1024&q=90&s=1.s");
    expect(stage.sizes).toBe("(min-width: 640px) 36rem, calc(100vw - 4rem)");
    expect(sizedImage({ url: "/api/images/b" }, { sizes: "100vw", widths: [640, 1024], sourceWidth: 300 }).srcSet).toBe(
      "/api/image?url=%2Fapi%2Fimages%2Fb&w=320 320w",
    );
  });
});
