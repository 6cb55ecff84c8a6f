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
    expect(describeCreditEntry({ reason: "signup_grant", styleName: null, title: null, delta: 0 })).toBe(
      "No sign-up credits: this address had them before",
    );
  });

  it("says how many of a job's images a refund paid back", () => {
    const title = "Sample images for “Ink”";
    expect(
      describeCreditEntry({ reason: "generation_refund", styleName: "Ink", title, refund: { images: 2, of: 4 } }),
    ).toBe(`Refund: ${title} (2 of 4 images not made)`);
    expect(
      describeCreditEntry({ reason: "generation_refund", styleName: null, title: null, refund: { images: 1, of: 1 } }),
    ).toBe("Refund for a deleted style (1 of 1 image not made)");
  });

  it("says why the operator gave or took credits", () => {
    const line = { reason: "admin_adjust", styleName: null, title: null } as const;
    expect(describeCreditEntry({ ...line, delta: 250, note: "Art team allowance" })).toBe(
      "Added by the operator: Art team allowance",
    );
    expect(describeCreditEntry({ ...line, delta: -50, note: "Over-granted" })).toBe(
      "Taken by the operator: Over-granted",
    );
    expect(describeCreditEntry({ ...line, delta: 40, debtDelta: -40, note: "Sorry" })).toBe(
      "Added by the operator (40 settled what was owed): Sorry",
    );
    expect(describeCreditEntry({ ...line, delta: 100, note: null })).toBe("Added by the operator");
  });
});
