import { describe, expect, it } from "vitest";
import { standardPrices } from "#domain/pricing";
import { cheaperChoices } from "~/lib/words/cheaper-choices";

const base = { objects: 5, variations: 1, size: "square" as const, prices: standardPrices };

describe("cheaper choices for a short balance", () => {
  it("offers each lower detail level that fits, the smallest step down first", () => {
    // 5 × High = 150; Standard 40 and Draft 15 both fit 76.
    expect(cheaperChoices({ ...base, detail: "high", balance: 76 }).map((c) => c.text)).toEqual([
      "Standard would cost 40",
      "Draft would cost 15",
    ]);
    expect(cheaperChoices({ ...base, detail: "high", balance: 20 })).toEqual([
      { kind: "detail", detail: "draft", price: 15, text: "Draft would cost 15" },
    ]);
  });

  it("offers the most variations that fit, and the square size", () => {
    const choices = cheaperChoices({
      ...base,
      objects: 2,
      variations: 4,
      size: "portrait",
      detail: "draft",
      balance: 25,
    });
    // 2 × 4 portrait drafts = 40; 2 × 2 = 20; 8 square drafts = 24.
    expect(choices.map((c) => c.text)).toEqual(["2 variations would cost 20", "Square would cost 24"]);
  });

  it("says how many objects fit when no setting does, and nothing when not one image fits", () => {
    expect(cheaperChoices({ ...base, detail: "draft", balance: 10 })).toEqual([
      { kind: "objects", objects: 3, price: 9, text: "3 objects would cost 9" },
    ]);
    expect(cheaperChoices({ ...base, detail: "draft", balance: 2 })).toEqual([]);
  });
});
