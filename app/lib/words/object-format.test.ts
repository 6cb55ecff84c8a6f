import { describe, expect, it } from "vitest";
import {
  composerSummary,
  formatBytes,
  formatDuration,
  plural,
  priceText,
  providerName,
  reservedText,
  webpDownloadUrl,
} from "~/lib/words/object-format";

describe("object-format", () => {
  it("words the composer's price", () => {
    expect(composerSummary({ objects: 5, variations: 2, price: 60 })).toBe("5 objects × 2 variations · 60 credits");
    expect(composerSummary({ objects: 1, variations: 1, price: 1 })).toBe("1 object × 1 variation · 1 credit");
    expect(plural(1200, "credit")).toBe("1,200 credits");
    // Only the preview engine is ever free, and its price says so.
    expect(composerSummary({ objects: 2, variations: 1, price: 0 })).toBe("2 objects × 1 variation · Free preview");
    expect(priceText(0)).toBe("Free preview");
    expect(priceText(12)).toBe("12 credits");
    expect(reservedText(0)).toBe("Free preview: nothing is charged.");
    expect(reservedText(12)).toBe("12 credits reserved. Anything that cannot be made is refunded.");
  });

  it("formats durations and sizes", () => {
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(4200)).toBe("4.2 s");
    expect(formatDuration(42_000)).toBe("42 s");
    expect(formatDuration(65_000)).toBe("1 min 5 s");
    expect(formatBytes(812 * 1024)).toBe("812 KB");
    expect(formatBytes(1.4 * 1024 * 1024)).toBe("1.4 MB");
  });

  it("asks for the largest WebP the original covers, at full quality", () => {
    expect(webpDownloadUrl("/api/images/a", 1536)).toBe("/api/image?url=%2Fapi%2Fimages%2Fa&w=1536");
    expect(webpDownloadUrl("/api/images/a", 1100)).toBe("/api/image?url=%2Fapi%2Fimages%2Fa&w=1024");
    expect(webpDownloadUrl("/api/images/a", 200)).toBe("/api/image?url=%2Fapi%2Fimages%2Fa&w=320");
  });

  it("names providers", () => {
    expect(providerName("offline")).toBe("Preview engine");
    expect(providerName("acme")).toBe("acme");
  });
});
