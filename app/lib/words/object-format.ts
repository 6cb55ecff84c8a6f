import { detailLevels, imageSizes, type DetailLevel, type ImageSize } from "#domain/images";
import { priceOf, type PriceTable } from "#domain/pricing";
import { previewTexts } from "#domain/preview";
import { IMAGE_WIDTHS, optimizedImageUrl } from "#domain/image-url";
import { dateFormatter } from "./intl-format";
import { formatCount } from "#domain/count-words";

/** "1 object", "5 objects". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** The composer's price line: "5 objects × 2 variations · 60 credits". */
export function composerSummary(options: { objects: number; variations: number; price: number }): string {
  return `${plural(options.objects, "object")} × ${plural(options.variations, "variation")} · ${priceText(options.price)}`;
}

/** A price in words: only the preview engine is ever free, and it says so. */
export function priceText(credits: number): string {
  return credits === 0 ? previewTexts.freePrice : plural(credits, "credit");
}

/** What a toast says was taken for a job just started. */
export function reservedText(credits: number): string {
  return credits === 0
    ? `${previewTexts.freePrice}: nothing is charged.`
    : `${plural(credits, "credit")} reserved. Anything that cannot be made is refunded.`;
}

/** How long an image took: "850 ms", "4.2 s", "1 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

/** A file size: "812 KB", "1.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A WebP copy for download: the largest of the endpoint's widths the original
 * covers (never enlarged), at full quality.
 */
export function webpDownloadUrl(url: string, width: number): string {
  const fitting = IMAGE_WIDTHS.filter((w) => w <= width);
  return optimizedImageUrl(url, fitting.at(-1) ?? IMAGE_WIDTHS[0]!, 100);
}

export const formatDate = dateFormatter({ dateStyle: "medium", timeStyle: "short" });

export { providerName } from "#domain/models";

/** What one image costs at a size and detail, as the composer says it under its price. */
export function unitLine(size: ImageSize, detail: DetailLevel, prices: PriceTable): string {
  const unit = priceOf({ size, detail, prices });
  const each = unit === 0 ? `${previewTexts.freePrice}s` : `${unit} credits an image`;
  return `${each} at ${detailLevels[detail].label.toLowerCase()} detail, ${imageSizes[size].label.toLowerCase()}`;
}
