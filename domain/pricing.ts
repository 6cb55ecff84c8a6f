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

/**
 * What an engine charges against these prices: 1 for a model; the preview engine's
 * rate is set by PREVIEW_PRICE (0, free, by default). A fraction rounds up, so only a
 * rate of 0 is free.
 */
export type PriceRate = number;

interface PriceOptions {
  size: ImageSize;
  detail: DetailLevel;
  /** The engine's rate (1 when not given). */
  rate?: PriceRate;
}

/** The price of one image. */
export function unitPrice(options: PriceOptions): number {
  const standard = options.size === "square" ? prices[options.detail].square : prices[options.detail].other;
  const rate = options.rate ?? 1;
  return rate === 1 ? standard : Math.ceil(standard * rate);
}

export function priceOf(options: PriceOptions & { count?: number }): number {
  return unitPrice(options) * (options.count ?? 1);
}

/** PREVIEW_PRICE as a rate: "free" (0), "standard" (1), or a fraction of the standard price. */
export function parsePreviewPrice(value: string): PriceRate | null {
  if (value === "free") return 0;
  if (value === "standard") return 1;
  const rate = Number(value);
  return value.trim() !== "" && Number.isFinite(rate) && rate >= 0 && rate <= 1 ? rate : null;
}
