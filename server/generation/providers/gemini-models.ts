import type { DetailLevel, ImageSize } from "#domain/images";

/** What one Gemini image model takes, by its id. */
export interface GeminiModelTraits {
  /** The most input images it takes with one request. */
  maxReferences: number;
  /** Whether it takes `imageConfig.imageSize` ("1K", "2K"); the others answer 400 when given it. */
  imageSize: boolean;
}

/**
 * Google's published limits: Gemini 2.5 Flash Image takes at most 3 input images,
 * Gemini 3 Pro Image and 3.1 Flash Image up to 14, and only the Gemini 3 models take an
 * output size. A model not listed here is treated like the most limited one.
 */
const KNOWN: { pattern: RegExp; traits: GeminiModelTraits }[] = [
  { pattern: /^gemini-3(\.\d+)?-(pro|flash)-image/, traits: { maxReferences: 14, imageSize: true } },
  { pattern: /^gemini-2\.5-flash-image/, traits: { maxReferences: 3, imageSize: false } },
];
const CONSERVATIVE: GeminiModelTraits = { maxReferences: 3, imageSize: false };

export function geminiModelTraits(model: string): GeminiModelTraits {
  const id = model.replace(/^models\//, "");
  return KNOWN.find((known) => known.pattern.test(id))?.traits ?? CONSERVATIVE;
}

/** Motif's shapes as Gemini's aspect ratios. */
export const geminiAspectRatios: Record<ImageSize, "1:1" | "2:3" | "3:2"> = {
  square: "1:1",
  portrait: "2:3",
  landscape: "3:2",
};

/**
 * Detail as an output size, on models that take one. 1K is Gemini's default and about
 * Motif's own sizes; high detail doubles it. Draft and standard ask the same of Gemini.
 */
export const geminiImageSizes: Record<DetailLevel, "1K" | "2K"> = { draft: "1K", standard: "1K", high: "2K" };
