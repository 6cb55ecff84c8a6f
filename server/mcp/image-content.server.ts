import sharp from "sharp";

/**
 * An image as an agent receives it: a PNG no larger than `maxEdge` on its longer side
 * (never enlarged), so a dozen of them fit in one answer. Transparency is kept.
 */
export async function previewPng(original: Buffer, maxEdge: number): Promise<Buffer> {
  return sharp(original)
    .resize({ width: maxEdge, height: maxEdge, fit: "inside", withoutEnlargement: true })
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
}
