import type { DetailLevel, ImageSize } from "./images";

// No zod here: the landing page's price table imports this module, and its schema lives in
// pricing-schema.ts so the validation library stays out of the public pages' JavaScript.

/** What one image costs, in credits, by shape: square, or portrait and landscape. */
export interface ShapePrices {
  square: number;
  other: number;
}

/** What one image costs, in credits, by detail level and shape (square / portrait or landscape). */
export interface PriceTable {
  draft: ShapePrices;
  standard: ShapePrices;
  high: ShapePrices;
}

/** The standard prices (DESIGN.md §6): what a model costs unless its operator sets others. */
export const standardPrices: PriceTable = {
  draft: { square: 3, other: 5 },
  standard: { square: 8, other: 12 },
  high: { square: 30, other: 45 },
};

/** The standard prices times `rate`, each rounded up, so only a rate of 0 is free. */
export function pricesAtRate(rate: number): PriceTable {
  const scale = (credits: number) => (rate === 1 ? credits : Math.ceil(credits * rate));
  const table = {} as PriceTable;
  for (const [detail, { square, other }] of Object.entries(standardPrices) as [
    DetailLevel,
    PriceTable[DetailLevel],
  ][]) {
    table[detail] = { square: scale(square), other: scale(other) };
  }
  return table;
}

export const isFree = (prices: PriceTable) =>
  Object.values(prices).every((price) => price.square === 0 && price.other === 0);

interface PriceOptions {
  size: ImageSize;
  detail: DetailLevel;
  /** The model's prices (the standard ones when not given). */
  prices?: PriceTable;
}

/** The price of one image. Shared by the price shown before generating and the amount reserved. */
export function unitPrice(options: PriceOptions): number {
  const price = (options.prices ?? standardPrices)[options.detail];
  return options.size === "square" ? price.square : price.other;
}

export function priceOf(options: PriceOptions & { count?: number }): number {
  return unitPrice(options) * (options.count ?? 1);
}

/**
 * A price setting (PREVIEW_PRICE, OPENAI_PRICE, …): "free", "standard", a rate against the
 * standard prices ("0.5", "2"), or a whole table, "draft=3/5,standard=8/12,high=30/45"
 * (square / other shapes). Null when it is none of these.
 */
export function parsePriceSetting(value: string, options: { maxRate?: number } = {}): PriceTable | null {
  const text = value.trim();
  if (text === "free") return pricesAtRate(0);
  if (text === "standard") return standardPrices;
  if (text.includes("=")) return parsePriceTable(text);
  const rate = Number(text);
  const maxRate = options.maxRate ?? 10;
  return text !== "" && Number.isFinite(rate) && rate >= 0 && rate <= maxRate ? pricesAtRate(rate) : null;
}

function parsePriceTable(text: string): PriceTable | null {
  const table: Partial<PriceTable> = {};
  for (const entry of text.split(",")) {
    const match = /^\s*(draft|standard|high)\s*=\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*$/.exec(entry);
    if (!match) return null;
    table[match[1] as DetailLevel] = { square: Number(match[2]), other: Number(match[3]) };
  }
  return table.draft && table.standard && table.high ? (table as PriceTable) : null;
}
