import { describe, expect, it } from "vitest";
import { modelAbilities, reasonsNot } from "./model-abilities";
import type { ModelView } from "./models";
import { previewTexts } from "./preview";
import { pricesAtRate, standardPrices } from "./pricing";

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
  edit: { words: true, region: false, why: "Gemini changes the whole image from words." },
  views: { can: true, why: null },
  upscaler: null,
  trainer: null,
  characterReference: false,
  vector: null,
  customStyle: false,
};

const noUpscaler = "It has no AI upscaler; the basic upscale (no AI, free) works with every model.";
const noTraining = "It cannot learn a style or a character.";
const traced = "It draws pixels: an SVG of a flat style's image is traced from them.";

describe("what a model can do, and why not", () => {
  it("says each action beyond drawing, what does it, and the reason for each it cannot do", () => {
    const fal = { ...gemini, id: "fal", label: "fal", edit: { words: true, region: true, why: null } };
    const recraftLike = { upscaler: "ESRGAN", trainer: "FLUX LoRA fast training", vector: "recraftv3_vector" };
    expect(modelAbilities({ ...fal, ...recraftLike })).toEqual([
      { key: "edit", label: "Edit with words", can: true, why: null },
      { key: "region", label: "Repaint a region", can: true, why: null },
      { key: "views", label: "Other views and poses", can: true, why: null },
      { key: "upscale", label: "AI upscale", can: true, why: null },
      { key: "train", label: "Training", can: true, why: null },
      { key: "vector", label: "Native SVG", can: true, why: null },
    ]);
    const abilities = modelAbilities(gemini);
    expect(abilities.filter((a) => !a.can).map((a) => [a.key, a.why])).toEqual([
      ["region", "Gemini changes the whole image from words."],
      ["upscale", noUpscaler],
      ["train", noTraining],
      ["vector", traced],
    ]);
  });

  it("gives a reason of its own where the model gives none", () => {
    const silent = { ...gemini, edit: { words: false, region: false, why: null }, views: { can: false, why: null } };
    expect(modelAbilities(silent).map((a) => a.why)).toEqual([
      "It cannot change an image.",
      "It cannot keep to a painted region, so it cannot extend a canvas or paint a new background.",
      "It cannot draw other views.",
      noUpscaler,
      noTraining,
      traced,
    ]);
  });

  it("says a reason once, with every action it stops", () => {
    const preview: ModelView = {
      ...gemini,
      id: "offline",
      label: "Preview engine",
      prices: pricesAtRate(0),
      edit: { words: false, region: false, why: previewTexts.cannotEdit },
      views: { can: false, why: previewTexts.samePose },
    };
    expect(reasonsNot(modelAbilities(preview))).toEqual([
      { labels: ["Edit with words", "Repaint a region"], why: previewTexts.cannotEdit },
      { labels: ["Other views and poses"], why: previewTexts.samePose },
      { labels: ["AI upscale"], why: noUpscaler },
      { labels: ["Training"], why: noTraining },
      { labels: ["Native SVG"], why: traced },
    ]);
  });
});
