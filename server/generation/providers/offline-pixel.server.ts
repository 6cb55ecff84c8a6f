import sharp, { type Sharp } from "sharp";
import type { OfflinePicture } from "./offline.server";

/** One sprite pixel is this many image pixels when the words name no grid: a 1024 px image is a 64 × 64 sprite. */
export const PIXEL_BLOCK = 16;

/** The native grids a sprite is drawn on: each divides every image size by a whole number. */
const GRIDS = [16, 32, 64] as const;
export type PixelGrid = (typeof GRIDS)[number];

/**
 * The sprite's native size on the short side, from the style's words: a size named ("32-px",
 * "32×32", "32 x 32 pixel art") to the nearest grid, "8-bit" 16, "16-bit" 32, else 64.
 */
export function pixelGrid(styleWords: string): PixelGrid {
  const text = styleWords.toLowerCase();
  const named = /\b(\d{1,3})\s*(?:-?\s*px\b|-?\s*pixels?\b|\s*[×x]\s*\d{1,3}\b)/.exec(text);
  if (named) {
    const size = Number(named[1]);
    if (size >= 8 && size <= 128) return GRIDS.reduce((a, b) => (Math.abs(b - size) < Math.abs(a - size) ? b : a));
  }
  if (/\b8[- ]?bit\b/.test(text)) return 16;
  if (/\b16[- ]?bit\b/.test(text)) return 32;
  return 64;
}

const rgbOf = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff] as const;
};

/**
 * Pixel art as pixel art is made: the drawing rasterised at sprite size without
 * anti-aliasing, every pixel snapped to the style's colours, a one-pixel outline
 * around the shape, then scaled up nearest-neighbour so each sprite pixel is a hard
 * square block.
 */
export async function pixelate(picture: OfflinePicture): Promise<Sharp> {
  const block = Math.min(picture.width, picture.height) / pixelGrid(picture.reading.styleWords);
  const width = Math.round(picture.width / block);
  const height = Math.round(picture.height / block);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${picture.width} ${picture.height}" shape-rendering="crispEdges">${picture.body}</svg>`;
  const { data } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const palette = [...new Set(picture.colours)].map(rgbOf);
  const solid = new Uint8Array(width * height);
  const out = Buffer.alloc(width * height * 4);

  for (let p = 0; p < width * height; p++) {
    if (data[p * 4 + 3]! < 128) continue;
    solid[p] = 1;
    const [r, g, b] = [data[p * 4]!, data[p * 4 + 1]!, data[p * 4 + 2]!];
    let best = palette[0]!;
    let bestDistance = Infinity;
    for (const colour of palette) {
      const d = (colour[0] - r) ** 2 + (colour[1] - g) ** 2 + (colour[2] - b) ** 2;
      if (d < bestDistance) [best, bestDistance] = [colour, d];
    }
    out.set([...best, 255], p * 4);
  }

  // The outline: every empty pixel that touches the shape (left, right, above, below).
  const outline = rgbOf(picture.outline);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (solid[p]) continue;
      const touches =
        (x > 0 && solid[p - 1]) ||
        (x < width - 1 && solid[p + 1]) ||
        (y > 0 && solid[p - width]) ||
        (y < height - 1 && solid[p + width]);
      if (touches) out.set([...outline, 255], p * 4);
      else if (picture.background) out.set([...rgbOf(picture.background), 255], p * 4);
    }
  }

  const sprite = await sharp(out, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return sharp(sprite).resize(picture.width, picture.height, { kernel: "nearest" });
}
