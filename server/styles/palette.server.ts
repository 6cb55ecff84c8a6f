import sharp from "sharp";
import { hashText } from "../generation/prompts";

const toHex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;

/**
 * The dominant colours of reference images: each is shrunk, its opaque pixels
 * bucketed (4 bits a channel), and the most common distinct buckets kept.
 */
export async function extractPalette(imagesData: Buffer[], size = 5): Promise<string[]> {
  const buckets = new Map<number, { count: number; r: number; g: number; b: number }>();
  for (const data of imagesData) {
    const { data: pixels, info } = await sharp(data)
      .resize(48, 48, { fit: "inside" })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
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

const namedColours: Record<string, string> = {
  red: "#e63946",
  coral: "#ff6b5b",
  orange: "#f4a23c",
  amber: "#f4a23c",
  gold: "#e9c46a",
  yellow: "#ffd166",
  green: "#52b788",
  mint: "#95d5b2",
  teal: "#2a9d8f",
  cyan: "#4cc9f0",
  blue: "#3a86ff",
  navy: "#1f2a44",
  purple: "#8e5cf7",
  violet: "#8e5cf7",
  pink: "#ff8fab",
  magenta: "#d63384",
  brown: "#8d5a3b",
  beige: "#eadbc8",
  cream: "#fff8ec",
  black: "#1a1c2c",
  white: "#f8f9fa",
  gray: "#8d99ae",
  grey: "#8d99ae",
  pastel: "#cdb4db",
};

/** A palette for a style described in words: colours it names, then ones derived from its text. */
export function paletteFromDescription(description: string, size = 5): string[] {
  const words = description.toLowerCase().match(/[a-z]+/g) ?? [];
  const named = [...new Set(words.map((w) => namedColours[w]).filter((c): c is string => Boolean(c)))];
  const palette = named.slice(0, size);
  let seed = hashText(description);
  while (palette.length < size) {
    const hue = seed % 360;
    seed = hashText(`${seed}`);
    palette.push(hslToHex(hue, 55 + (seed % 25), 45 + (seed % 20)));
  }
  return palette;
}

function hslToHex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return toHex(f(0), f(8), f(4));
}
