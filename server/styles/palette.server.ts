import sharp from "sharp";
import { coloursIn, DEFAULT_PALETTE, shade } from "#domain/colour-words";
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

/**
 * A palette for a style described in words: the colours it names (with their
 * modifiers: "muted sage", "dark navy"), then lighter and darker shades of those; a
 * style that names none gets the default palette, never colours made up from its text.
 */
export function paletteFromDescription(description: string, size = 5): string[] {
  const named = coloursIn(description).slice(0, size);
  if (named.length === 0) return DEFAULT_PALETTE.slice(0, size);
  const palette = [...named];
  for (const amount of [-0.45, 0.55, -0.25, 0.3]) {
    for (const colour of named) {
      if (palette.length >= size) return palette;
      const next = shade(colour, amount);
      if (!palette.includes(next)) palette.push(next);
    }
  }
  return palette;
}
