import sharp from "sharp";
import { flatLookOf } from "#domain/looks";
import { pixelColours } from "#domain/pixel-art";
import { isPreview } from "#domain/preview";
import { pixelate } from "../images/pixel-art/pixelate.server";
import type { GeneratedImage } from "./providers/provider";
import { pixelGrid } from "./providers/offline-pixel.server";

type StyleLook = { presetId: string | null; description: string; palette: string[] };

/**
 * Whether a model's image is made into true pixel art before it is stored: the style is a
 * pixel-art one and the image is a model's drawing (the preview engine draws pixel art natively).
 */
export function drawsAsPixelArt(style: StyleLook, providerId: string): boolean {
  return !isPreview(providerId) && flatLookOf(style) === "pixel";
}

/**
 * A pixel-art style's image as pixel art: on the style's grid (the size its words name, as the
 * preview engine reads them), in its palette, every pixel clear or opaque, with a 1-pixel outline;
 * then enlarged by whole pixels back to the size the model drew, so every tool that works on the
 * object's images goes on working, and "Detect" on it measures the grid back.
 */
export async function asStylePixelArt(image: GeneratedImage, style: StyleLook): Promise<GeneratedImage> {
  const { width = 0, height = 0 } = await sharp(image.data).metadata();
  const shorter = pixelGrid(style.description);
  const grid = Math.round((shorter * Math.max(width, height)) / Math.min(width, height));
  const art = await pixelate(image.data, {
    grid,
    palette: style.palette.length >= 2 ? "style" : "image",
    colours: Math.min(pixelColours.max, Math.max(style.palette.length, pixelColours.default)),
    outline: true,
    stylePalette: style.palette,
  });
  const data = await sharp(art.data).resize({ width, height, kernel: "nearest", fit: "fill" }).png().toBuffer();
  return { ...image, data, format: "png" };
}
