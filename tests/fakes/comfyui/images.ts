// The images the fake ComfyUI saves: opaque PNGs of the size asked, rendered once per size.
import sharp from "sharp";

const rendered = new Map<string, Promise<Buffer>>();
/** An opaque PNG of the size asked, as SDXL's VAE decodes it (no alpha). */
export function renderPng(width: number, height: number): Promise<Buffer> {
  const key = `${width}x${height}`;
  if (!rendered.has(key)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f1ea"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#2a9d8f"/></svg>`;
    rendered.set(key, sharp(Buffer.from(svg)).flatten({ background: "#f4f1ea" }).png().toBuffer());
  }
  return rendered.get(key)!;
}
