import type { DetailLevel, ImageSize } from "./images";

/**
 * What a generation costs, in credits, by detail level and shape (DESIGN.md §6).
 * Shared by the price shown before generating and the amount reserved.
 */
const prices: Record<DetailLevel, { square: number; other: number }> = {
  draft: { square: 3, other: 5 },
  standard: { square: 8, other: 12 },
  high: { square: 30, other: 45 },
};

/** The price of one image. */
export function unitPrice(options: { size: ImageSize; detail: DetailLevel }): number {
  return options.size === "square" ? prices[options.detail].square : prices[options.detail].other;
}

export function priceOf(options: { size: ImageSize; detail: DetailLevel; count?: number }): number {
  return unitPrice(options) * (options.count ?? 1);
}
