// The images the fake Stability answers, opaque as its models' are: a drawing on the key colour a
// prompt asks for (a little off, as models paint it) at the size its aspect ratio gives, or at a
// given size (an edit, an outpaint); an upscale is its input resized. Also how it decodes what it
// is sent.
import { createHash } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import { paintedBackground } from "../painted-background.ts";
import type { ReceivedImage } from "./state.ts";

/** Stable Image Core's and Ultra's output sizes for the aspect ratios Motif asks. */
export const SIZE_OF_RATIO: Record<string, [number, number]> = {
  "1:1": [1024, 1024],
  "2:3": [832, 1216],
  "3:2": [1216, 832],
  "16:9": [1344, 768],
  "9:16": [768, 1344],
  "4:5": [896, 1120],
  "5:4": [1120, 896],
  "21:9": [1536, 640],
  "9:21": [640, 1536],
};

const rendered = new Map<string, Promise<Buffer>>();

export type OutputFormat = "png" | "jpeg" | "webp";

export function renderImage([width, height]: [number, number], format: OutputFormat, prompt: string) {
  const background = paintedBackground(prompt, [-3, 5, -4]);
  const key = `${width}x${height}|${format}|${background}`;
  if (!rendered.has(key)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/><rect x="${width / 3}" y="${height / 3}" width="${width / 3}" height="${height / 3}" fill="#264653"/></svg>`;
    rendered.set(key, encode(sharp(Buffer.from(svg)).flatten({ background }), format));
  }
  return rendered.get(key)!;
}

/** An upscaler's answer: the input resized by `scale`, opaque. */
export function upscaleImage(source: Buffer, scale: number, size: { width: number; height: number }) {
  return encode(
    sharp(source)
      .flatten({ background: "#000000" })
      .resize({ width: size.width * scale, height: size.height * scale, fit: "fill" }),
    "png",
  );
}

function encode(image: Sharp, format: OutputFormat) {
  return (format === "png" ? image.png() : format === "webp" ? image.webp() : image.jpeg()).toBuffer();
}

export const contentTypeOf = (format: OutputFormat) => `image/${format}`;

/** A file part decoded as the service decodes it, or null when it is not an image. */
export async function receiveImage(data: Buffer, type: string, filename: string): Promise<ReceivedImage | null> {
  try {
    const { hasAlpha } = await sharp(data).metadata();
    const { data: grey, info } = await sharp(data).greyscale().raw().toBuffer({ resolveWithObject: true });
    let whitePixels = 0;
    for (let p = 0; p < info.width * info.height; p++) if (grey[p * info.channels]! >= 128) whitePixels++;
    return {
      sha256: createHash("sha256").update(data).digest("hex"),
      width: info.width,
      height: info.height,
      hasAlpha: Boolean(hasAlpha),
      type,
      filename,
      whitePixels,
    };
  } catch {
    return null;
  }
}
