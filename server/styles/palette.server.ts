import sharp from "sharp";
import { withDecodeSlot } from "./uploads.server";

const toHex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;

/**
 * The dominant colours of reference images: each is shrunk, its opaque pixels
 * bucketed (4 bits a channel), and the most common distinct buckets kept.
 */
export async function extractPalette(imagesData: Buffer[], size = 5): Promise<string[]> {
  const buckets = new Map<number, { count: number; r: number; g: number; b: number }>();
  for (const data of imagesData) {
    const { data: pixels, info } = await withDecodeSlot(() =>
      sharp(data).resize(48, 48, { fit: "inside" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
    );
    for (let i = 0; i < pixels.length; i += info.channels) {
      const [r, g, b, a] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!, pixels[i + 3]!];
      if (a < 128) continue;
      const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
      const bucket = buckets.get(key) ?? { count: 0, r: 0, g: 0, b: 0 };
      bucket.count++;
      bucket.r += r;
      bucket.g += g;
      bucket.b += b;
      buckets.set(key, bucket);
    }
  }
  const ranked = [...buckets.values()].sort((a, b) => b.count - a.count);
  const chosen: { r: number; g: number; b: number }[] = [];
  for (const bucket of ranked) {
    const colour = { r: bucket.r / bucket.count, g: bucket.g / bucket.count, b: bucket.b / bucket.count };
    // Skip near-duplicates so the palette shows distinct colours.
    if (chosen.some((c) => Math.hypot(c.r - colour.r, c.g - colour.g, c.b - colour.b) < 48)) continue;
    chosen.push(colour);
    if (chosen.length === size) break;
  }
  return chosen.map((c) => toHex(c.r, c.g, c.b));
}
