import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import type { FlatLook } from "#domain/looks";
import { fillsAsCurrentColour } from "../generation/pipeline/vectorize-colours";
import type { FileStorage } from "../storage/storage.server";

/** How an image is traced: its look, the style's palette its fills snap to, or one colour. */
export interface SvgOptions {
  /** Null for a style that is not flat: only a native vector original is then offered. */
  look: FlatLook | null;
  palette: readonly string[];
  singleColour?: boolean;
}

/**
 * Raised whenever tracing changes what it makes (v2: no background or shadow, palette snapping),
 * so SVGs kept by an earlier version are traced again rather than served.
 */
const TRACE_VERSION = 2;

/**
 * Where an image's SVG is kept once made: beside it, so deleting the object's folder removes it
 * too, and named by what it was traced with, so a new palette or the single-colour variant is
 * traced apart. Storage is shared by every process, so a trace made by one is reused by all.
 */
export function svgKey(fileKey: string, options: SvgOptions): string {
  const traced = JSON.stringify([
    TRACE_VERSION,
    options.look,
    options.singleColour ? "current" : [...options.palette].map((c) => c.toLowerCase()),
  ]);
  return `${fileKey}.${createHash("sha256").update(traced).digest("hex").slice(0, 16)}.svg`;
}

/**
 * The SVG of an image: its native vector original when a vector model drew one (whatever the
 * style's look); else, in a flat look, the kept trace, or traced now and kept.
 */
export async function svgOf(
  deps: { storage: FileStorage },
  image: { fileKey: string; svgKey?: string | null },
  options: SvgOptions,
): Promise<string | null> {
  if (image.svgKey) {
    const original = await deps.storage.read(image.svgKey);
    if (original) return options.singleColour ? inOneColour(original.toString("utf8")) : original.toString("utf8");
  }
  if (!options.look) return null;
  const look = options.look;
  const key = svgKey(image.fileKey, options);
  const kept = await deps.storage.read(key);
  if (kept) return kept.toString("utf8");
  const png = await deps.storage.read(image.fileKey);
  if (!png) return null;
  // The tracer and svgo load with the first SVG, not with the server.
  const { imageToSvg } = await import("../generation/pipeline/vectorize.server");
  const { svg } = await imageToSvg(png, look, options);
  await deps.storage.put(key, Buffer.from(svg), "image/svg+xml");
  return svg;
}

/** Every fill and stroke that paints `currentColor`: a line icon's strokes take the colour too. */
const inOneColour = (svg: string) =>
  fillsAsCurrentColour(svg).replace(/\bstroke="(?!none"|url\()[^"]*"/g, 'stroke="currentColor"');

/**
 * How many images are traced at once: the tracer runs off the main thread, one image per core,
 * but never more than four, so an export leaves room for the requests around it.
 */
export const TRACE_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism()));

/**
 * `work` over `items`, at most `limit` at a time; the results in the items' order. `onEach` hears
 * of each as it settles, in the order they finish. The first failure rejects, and no new item starts.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
  onEach?: (result: R, index: number) => void,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
      onEach?.(results[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
