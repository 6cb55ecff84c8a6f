import { describe, expect, it } from "vitest";
import { formatPackPrice } from "./credit-packs";
import { jobParamsSchemas } from "./jobs";
import { generateObjectsSchema, parseSubjectLines } from "./objects";
import { parsePriceSetting, priceOf, pricesAtRate, standardPrices, unitPrice } from "./pricing";

describe("subjects typed one per line", () => {
  it("drops blank lines, extra spaces and repeats (case-insensitive), keeping order", () => {
    expect(parseSubjectLines("  treasure chest \n\npotion\r\nPotion\nsword   with  gems\n")).toEqual([
      "treasure chest",
      "potion",
      "sword with gems",
    ]);
    expect(parseSubjectLines("\n \n")).toEqual([]);
  });
});

describe("prices", () => {
  it("charges per image by detail and shape", () => {
    expect(unitPrice({ size: "square", detail: "draft" })).toBe(3);
    expect(unitPrice({ size: "portrait", detail: "standard" })).toBe(12);
    expect(priceOf({ size: "landscape", detail: "high", count: 10 })).toBe(450);
  });
});

describe("job kinds", () => {
  const settings = { size: "square", detail: "draft", transparent: true } as const;

  it("parses sample jobs stored before params had a version", () => {
    const stored = { ...settings, subjects: ["a cosy house"] };
    expect(jobParamsSchemas["style-samples"].parse(stored)).toEqual({ v: 1, ...stored });
  });

  it("refuses malformed params instead of trusting them", () => {
    expect(jobParamsSchemas["object-images"].safeParse({ v: 1, ...settings, variations: 9 }).success).toBe(false);
    expect(jobParamsSchemas.variations.safeParse({ v: 2, ...settings, objectId: "a", count: 1 }).success).toBe(false);
  });
});

describe("the generate-objects request", () => {
  const valid = { styleId: "s1", subjects: ["Potion"], size: "square", detail: "draft", transparent: true };

  it("defaults to one variation and drops an empty extra prompt", () => {
    expect(generateObjectsSchema.parse({ ...valid, prompt: "  " })).toEqual({ ...valid, variations: 1 });
  });

  it("says which field is wrong, in words a person understands", () => {
    const result = generateObjectsSchema.safeParse({
      ...valid,
      subjects: Array.from({ length: 51 }, (_, i) => `thing ${i}`),
      variations: 5,
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      subjects: "Name at most 50 objects at a time.",
      variations: "Choose 1 to 4 variations.",
    });
  });
});

describe("a model's prices", () => {
  it("charges nothing at rate 0, the standard price at 1, and rounds a fraction up", () => {
    expect(unitPrice({ size: "square", detail: "high", prices: pricesAtRate(0) })).toBe(0);
    expect(priceOf({ size: "portrait", detail: "standard", count: 4, prices: pricesAtRate(0) })).toBe(0);
    expect(unitPrice({ size: "square", detail: "high", prices: pricesAtRate(1) })).toBe(30);
    expect(unitPrice({ size: "square", detail: "draft", prices: pricesAtRate(0.5) })).toBe(2);
    expect(unitPrice({ size: "landscape", detail: "high" })).toBe(45);
  });

  it("reads a price setting: free, standard, a rate, or a whole table", () => {
    expect(parsePriceSetting("free")).toEqual(pricesAtRate(0));
    expect(parsePriceSetting("standard")).toEqual(standardPrices);
    expect(parsePriceSetting("0.25")?.high).toEqual({ square: 8, other: 12 });
    expect(parsePriceSetting("2")?.draft).toEqual({ square: 6, other: 10 });
    expect(parsePriceSetting("1.5", { maxRate: 1 })).toBeNull();
    expect(parsePriceSetting("draft=1/2, standard=4/6,high=20/30")).toEqual({
      draft: { square: 1, other: 2 },
      standard: { square: 4, other: 6 },
      high: { square: 20, other: 30 },
    });
    // A table names every detail level, with whole credits.
    expect(parsePriceSetting("draft=1/2,standard=4/6")).toBeNull();
    expect(parsePriceSetting("draft=1/2,standard=4/6,high=2.5/3")).toBeNull();
    expect(parsePriceSetting("")).toBeNull();
    expect(parsePriceSetting("cheap")).toBeNull();
  });
});

describe("credit pack prices", () => {
  it("formats amounts in the currency's own units", () => {
    expect(formatPackPrice({ amount: 500, currency: "usd" })).toBe("$5.00");
    expect(formatPackPrice({ amount: 2050, currency: "eur" }, "de-DE")).toBe("20,50\u00a0€");
    expect(formatPackPrice({ amount: 1500, currency: "jpy" })).toBe("¥1,500");
  });
});
