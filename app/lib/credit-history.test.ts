import { describe, expect, it } from "vitest";
import { describeCreditEntry } from "./credit-history";

describe("describeCreditEntry", () => {
  it("names a generation by its job's title", () => {
    const title = "Object 'Potion' · Pixel Knights";
    expect(describeCreditEntry({ reason: "generation_reserve", styleName: "Pixel Knights", title })).toBe(title);
    expect(describeCreditEntry({ reason: "generation_refund", styleName: "Pixel Knights", title })).toBe(
      `Refund: ${title}`,
    );
  });

  it("falls back to the style when a line has no title", () => {
    expect(describeCreditEntry({ reason: "generation_reserve", styleName: "Ink", title: null })).toBe(
      "Sample images for “Ink”",
    );
    expect(describeCreditEntry({ reason: "generation_refund", styleName: null, title: null })).toBe(
      "Refund for a deleted style",
    );
    expect(describeCreditEntry({ reason: "signup_grant", styleName: null, title: null })).toBe("Sign-up credits");
  });
});
