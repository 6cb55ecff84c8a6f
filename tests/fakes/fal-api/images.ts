// The images the fake fal.ai answers: FLUX's, rendered once per size, format and background (black
// when flagged NSFW, as fal blanks them; on the key colour a prompt asks for, a little off, as models
// paint it), and ESRGAN's, its input resized to its scale.
import sharp from "sharp";
import { paintedBackground } from "../painted-background.ts";

const rendered = new Map<string, Promise<Buffer>>();

export function renderImage(
  [width, height]: [number, number],
  format: "png" | "jpeg",
  black: boolean,
  prompt = "",
): Promise<Buffer> {
  const background = paintedBackground(prompt, [-6, 5, -7]);
  const key = `${width}x${height}|${format}|${black}|${background}`;
  if (!rendered.has(key)) {
    const svg = black
      ? `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/></svg>`
      : `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#2a9d8f"/></svg>`;
    const image = sharp(Buffer.from(svg)).flatten({ background });
    rendered.set(key, (format === "jpeg" ? image.jpeg() : image.png()).toBuffer());
  }
  return rendered.get(key)!;
}

/** ESRGAN's output: the input resized to `width`×`height`, opaque (its model works on RGB). */
export function upscaleImage(source: Buffer, [width, height]: [number, number], format: "png" | "jpeg") {
  const image = sharp(source)
    .flatten({ background: "#000000" })
    .resize({ width, height, kernel: "lanczos3", fit: "fill" });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
}
