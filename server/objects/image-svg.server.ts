import type { FlatLook } from "#domain/looks";
import type { FileStorage } from "../storage/storage.server";

/** Where an image's SVG is kept once made: beside it, so deleting the object's folder removes it too. */
export const svgKey = (fileKey: string) => `${fileKey}.svg`;

/** The SVG of an image in a flat look: the kept copy, or traced now and kept. */
export async function svgOf(
  deps: { storage: FileStorage },
  image: { fileKey: string },
  look: FlatLook,
): Promise<string | null> {
  const kept = await deps.storage.read(svgKey(image.fileKey));
  if (kept) return kept.toString("utf8");
  const png = await deps.storage.read(image.fileKey);
  if (!png) return null;
  // The tracer and svgo load with the first SVG, not with the server.
  const { imageToSvg } = await import("../generation/pipeline/vectorize.server");
  const { svg } = await imageToSvg(png, look);
  await deps.storage.put(svgKey(image.fileKey), Buffer.from(svg), "image/svg+xml");
  return svg;
}
