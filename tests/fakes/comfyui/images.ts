// The images the fake ComfyUI saves: opaque PNGs of the size asked, on the key colour a prompt asks
// for (a little off, as a model paints it) or on paper, rendered once per size and background.
import sharp from "sharp";
import { paintedBackground } from "../painted-background.ts";

const rendered = new Map<string, Promise<Buffer>>();
/** An opaque PNG of the size asked, as SDXL's VAE decodes it (no alpha). */
export function renderPng(width: number, height: number, prompt = ""): Promise<Buffer> {
  const background = paintedBackground(prompt, [7, -9, -5]);
  const key = `${width}x${height}|${background}`;
  if (!rendered.has(key)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#2a9d8f"/></svg>`;
    rendered.set(key, sharp(Buffer.from(svg)).flatten({ background }).png().toBuffer());
  }
  return rendered.get(key)!;
}
