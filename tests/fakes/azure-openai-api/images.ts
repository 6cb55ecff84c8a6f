// The images the fake Azure deployments draw: a disc on paper (or on the key colour a prompt
// asks for, a little off, as models paint it), see-through around it when gpt-image is asked
// for a transparent background. Rendered once per size, background and colour.
import sharp from "sharp";
import { paintedBackground } from "../painted-background.ts";

const rendered = new Map<string, Promise<Buffer>>();

export function drawImage(size: string, prompt: string, transparent: boolean): Promise<Buffer> {
  const [width, height] = size.split("x").map(Number) as [number, number];
  const background = paintedBackground(prompt, [3, -5, 4]);
  const key = `${size}|${background}|${transparent}`;
  if (!rendered.has(key)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${
      transparent ? "" : `<rect width="100%" height="100%" fill="${background}"/>`
    }<circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#2a9d8f"/></svg>`;
    const image = sharp(Buffer.from(svg));
    rendered.set(key, (transparent ? image.ensureAlpha() : image.flatten({ background })).png().toBuffer());
  }
  return rendered.get(key)!;
}
