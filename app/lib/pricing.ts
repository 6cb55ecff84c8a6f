/**
 * What a generation costs, in credits, by detail level and shape (DESIGN.md §6).
 * Shared by the price shown before generating and the amount reserved.
 */
export const imageSizes = {
  square: { width: 1024, height: 1024, label: "Square", dimensions: "1024 × 1024" },
  portrait: { width: 1024, height: 1536, label: "Portrait", dimensions: "1024 × 1536" },
  landscape: { width: 1536, height: 1024, label: "Landscape", dimensions: "1536 × 1024" },
} as const;
export type ImageSize = keyof typeof imageSizes;

export const detailLevels = {
  draft: { label: "Draft", hint: "Fast sketches to explore ideas" },
  standard: { label: "Standard", hint: "Clean results for most assets" },
  high: { label: "High", hint: "Finest detail for final artwork" },
} as const;
export type DetailLevel = keyof typeof detailLevels;

const prices: Record<DetailLevel, { square: number; other: number }> = {
  draft: { square: 3, other: 5 },
  standard: { square: 8, other: 12 },
  high: { square: 30, other: 45 },
};

export function priceOf(options: { size: ImageSize; detail: DetailLevel; count?: number }): number {
  const unit = options.size === "square" ? prices[options.detail].square : prices[options.detail].other;
  return unit * (options.count ?? 1);
}
