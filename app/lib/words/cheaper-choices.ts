import { detailLevels, detailValues, imageSizes, type DetailLevel, type ImageSize } from "#domain/images";
import { priceOf, type PriceTable } from "#domain/pricing";
import { plural } from "~/lib/words/object-format";

/** A change to the composer's settings that brings the price within the balance. */
export type CheaperChoice =
  | { kind: "detail"; detail: DetailLevel; price: number; text: string }
  | { kind: "variations"; variations: number; price: number; text: string }
  | { kind: "size"; size: ImageSize; price: number; text: string }
  /** Fewer objects: only said, since the person chooses which lines to drop. */
  | { kind: "objects"; objects: number; price: number; text: string };

/**
 * What a short balance still buys, changing one setting at a time: each lower detail
 * level, then fewer variations, then the square size; failing all of them, fewer
 * objects. Empty when not even one image fits.
 */
export function cheaperChoices(input: {
  objects: number;
  variations: number;
  size: ImageSize;
  detail: DetailLevel;
  prices: PriceTable;
  balance: number;
}): CheaperChoice[] {
  const { objects, variations, size, detail, prices, balance } = input;
  const cost = (change: { size?: ImageSize; detail?: DetailLevel; count?: number }) =>
    priceOf({
      size: change.size ?? size,
      detail: change.detail ?? detail,
      count: change.count ?? objects * variations,
      prices,
    });
  const choices: CheaperChoice[] = [];

  // Highest detail first: the smallest step down comes first.
  for (const lower of detailValues.slice(0, detailValues.indexOf(detail)).reverse()) {
    const price = cost({ detail: lower });
    if (price <= balance) {
      choices.push({ kind: "detail", detail: lower, price, text: `${detailLevels[lower].label} would cost ${price}` });
    }
  }
  for (let fewer = variations - 1; fewer >= 1; fewer--) {
    const price = cost({ count: objects * fewer });
    if (price <= balance) {
      choices.push({
        kind: "variations",
        variations: fewer,
        price,
        text: `${plural(fewer, "variation")} would cost ${price}`,
      });
      break;
    }
  }
  if (size !== "square") {
    const price = cost({ size: "square" });
    if (price <= balance) {
      choices.push({ kind: "size", size: "square", price, text: `${imageSizes.square.label} would cost ${price}` });
    }
  }
  if (choices.length === 0 && objects > 1) {
    const unit = cost({ count: variations });
    const fit = unit > 0 ? Math.min(objects - 1, Math.floor(balance / unit)) : 0;
    if (fit >= 1) {
      choices.push({
        kind: "objects",
        objects: fit,
        price: unit * fit,
        text: `${plural(fit, "object")} would cost ${unit * fit}`,
      });
    }
  }
  return choices;
}
