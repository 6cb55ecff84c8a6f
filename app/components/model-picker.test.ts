import { describe, expect, it } from "vitest";
import type { ModelView } from "#domain/models";
import { pricesAtRate, standardPrices } from "#domain/pricing";
import { modelHint } from "./model-picker";

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
