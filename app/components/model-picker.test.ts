import { describe, expect, it } from "vitest";
import type { ModelView } from "#domain/models";
import { pricesAtRate, standardPrices } from "#domain/pricing";
import { modelHint, modelOptionLabel } from "./model-picker";

const gemini: ModelView = {
  id: "gemini",
  label: "Gemini gemini-2.5-flash-image",
  model: "gemini-2.5-flash-image",
  prices: standardPrices,
  transparency: "matte",
  maxReferences: 3,
  sizes: {},
  detail: {},
  reachable: true,
  edit: { words: true, region: false, why: null },
  views: { can: true, why: null },
  upscaler: null,
  trainer: null,
  characterReference: false,
  vector: null,
  customStyle: false,
};

describe("the model picker's hint", () => {
  it("says a model whose last connection check failed cannot be reached, before anything else", () => {
    expect(modelHint({ ...gemini, reachable: false }, { references: 5, transparent: true })).toBe(
      "Gemini gemini-2.5-flash-image is not reachable right now — ask your operator.",
    );
  });

  it("says how many references the model takes, and which of a style's it will use", () => {
    expect(modelHint(gemini)).toBe("Up to 3 reference images.");
    expect(modelHint(gemini, { references: 3 })).toBe("Up to 3 reference images.");
    expect(modelHint(gemini, { references: 6 })).toBe(
      "This style has 6 reference and sample images; this model takes the first 3.",
    );
  });

  it("says a model that takes no reference images draws from words alone", () => {
    expect(modelHint({ ...gemini, maxReferences: 0 }, { references: 4 })).toBe(
      "It draws from words alone, without reference images.",
    );
  });

  it("says when Motif makes the transparency, and that the preview engine is not a model", () => {
    expect(modelHint(gemini, { transparent: true })).toBe(
      "Up to 3 reference images; transparency made by Motif from a flat background.",
    );
    expect(modelHint({ ...gemini, transparency: "native" }, { transparent: true })).toBe("Up to 3 reference images.");
    expect(modelHint({ ...gemini, id: "offline", prices: pricesAtRate(0) })).toBe(
      "Placeholder pictures drawn by Motif, not by an AI model.",
    );
  });
});

describe("a model's choice in the picker", () => {
  it("says what one image costs with it at the size and detail asked for", () => {
    expect(modelOptionLabel(gemini, { size: "square", detail: "draft" })).toBe(
      "Gemini gemini-2.5-flash-image · 3 credits an image",
    );
    expect(modelOptionLabel({ ...gemini, prices: pricesAtRate(2) }, { size: "portrait", detail: "high" })).toBe(
      "Gemini gemini-2.5-flash-image · 90 credits an image",
    );
    expect(modelOptionLabel({ ...gemini, prices: pricesAtRate(0) }, { size: "square", detail: "draft" })).toBe(
      "Gemini gemini-2.5-flash-image · Free preview",
    );
  });

  it("names it alone without a size and detail, and says when it cannot be reached", () => {
    expect(modelOptionLabel(gemini)).toBe("Gemini gemini-2.5-flash-image");
    expect(modelOptionLabel({ ...gemini, reachable: false }, { size: "square", detail: "draft" })).toBe(
      "Gemini gemini-2.5-flash-image · 3 credits an image · Not reachable — ask your operator",
    );
  });
});
