import type { GenerateRequest } from "#server/generation/providers/provider";

/** What the provider tests ask for unless they say otherwise: one standard square of a chest, opaque, no references. */
export const baseRequest: GenerateRequest = {
  prompt: "a treasure chest. Flat icon style.",
  size: "square",
  detail: "standard",
  transparent: false,
  references: [],
  seed: 42,
  n: 1,
  palette: ["#f4a23c", "#2a9d8f"],
};
