// The images of the fake BFL API: input images decoded from base64 (as BFL takes them), and the
// opaque FLUX images it answers, painted on the key colour a prompt asks for, a little off.
import { createHash } from "node:crypto";
import sharp from "sharp";
import { paintedBackground } from "../painted-background.ts";
import type { ReceivedImage } from "./state.ts";

/** A base64 input image decoded, or the sentence BFL would refuse it with. */
export async function receiveImage(field: string, value: string): Promise<ReceivedImage | string> {
  if (/^https?:\/\//.test(value)) return `${field}: this fake takes images as base64 only`;
  if (value.startsWith("data:")) return `${field}: send the base64 alone, without a data: prefix`;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return `${field}: not valid base64`;
  const data = Buffer.from(value, "base64");
  try {
    const { data: pixels, info } = await sharp(data).greyscale().raw().toBuffer({ resolveWithObject: true });
    const meta = await sharp(data).metadata();
    let whitePixels = 0;
    for (let i = 0; i < pixels.length; i += info.channels) if (pixels[i]! >= 128) whitePixels++;
    return {
      sha256: createHash("sha256").update(data).digest("hex"),
      width: info.width,
      height: info.height,
      hasAlpha: Boolean(meta.hasAlpha),
      whitePixels,
    };
  } catch {
    return `${field}: the image could not be decoded`;
  }
}

const rendered = new Map<string, Promise<Buffer>>();

export function renderImage([width, height]: [number, number], format: "png" | "jpeg", prompt: string) {
  const background = paintedBackground(prompt, [-3, 5, 4]);
  const key = `${width}x${height}|${format}|${background}`;
  if (!rendered.has(key)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#2a9d8f"/></svg>`;
    const image = sharp(Buffer.from(svg)).flatten({ background });
    rendered.set(key, (format === "png" ? image.png() : image.jpeg()).toBuffer());
  }
  return rendered.get(key)!;
}
