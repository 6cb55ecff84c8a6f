// The images the fake Replicate's models answer: FLUX's, opaque, rendered once per size, format and
// background (the key colour a prompt asks for, a little off, as models paint it); Real-ESRGAN's,
// its input resized by its scale, opaque.
import sharp, { type Sharp } from "sharp";
import { paintedBackground } from "../painted-background.ts";

export type OutputFormat = "png" | "jpeg" | "webp";

const rendered = new Map<string, Promise<Buffer>>();

export function renderImage([width, height]: [number, number], format: OutputFormat, prompt: string): Promise<Buffer> {
  const background = paintedBackground(prompt, [4, -6, 5]);
  const key = `${width}x${height}|${format}|${background}`;
  if (!rendered.has(key)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#e76f51"/></svg>`;
    rendered.set(key, encode(sharp(Buffer.from(svg)).flatten({ background }), format));
  }
  return rendered.get(key)!;
}

/** Real-ESRGAN's output: the input resized to `width`×`height`, opaque (its model works on RGB). */
export function upscaleImage(source: Buffer, [width, height]: [number, number], format: OutputFormat) {
  return encode(
    sharp(source).flatten({ background: "#000000" }).resize({ width, height, kernel: "lanczos3", fit: "fill" }),
    format,
  );
}

function encode(image: Sharp, format: OutputFormat) {
  return (format === "png" ? image.png() : format === "webp" ? image.webp() : image.jpeg()).toBuffer();
}

/** The file format an output_format asks for ("jpg" is JPEG). */
export const formatOf = (asked: unknown, fallback: OutputFormat): OutputFormat =>
  asked === "png" ? "png" : asked === "webp" ? "webp" : asked === "jpg" ? "jpeg" : fallback;

export const extensionOf = (format: OutputFormat) => (format === "jpeg" ? "jpg" : format);
