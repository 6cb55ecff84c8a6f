// The pictures the fake Recraft answers: a raster drawing (a square of the first colour asked
// in `controls`, on a painted background) or its vector twin as SVG, at the size a ratio gives;
// the tools' answers made from what they were sent. Also how it decodes what it is sent.
import sharp from "sharp";
import { paintedBackground } from "../painted-background.ts";
import type { ReceivedImage } from "./state.ts";

/** Recraft V2/V3's sizes for the ratios it takes (its vector models draw on the same canvas). */
export const SIZE_OF_RATIO: Record<string, [number, number]> = {
  "1:1": [1024, 1024],
  "2:1": [2048, 1024],
  "1:2": [1024, 2048],
  "3:2": [1536, 1024],
  "2:3": [1024, 1536],
  "4:3": [1365, 1024],
  "3:4": [1024, 1365],
  "5:4": [1280, 1024],
  "4:5": [1024, 1280],
  "6:10": [1024, 1707],
  "14:10": [1434, 1024],
  "10:14": [1024, 1434],
  "16:9": [1820, 1024],
  "9:16": [1024, 1820],
};

/** WxH sizes are taken when they are one of the ratios' sizes. */
export function sizeOf(size: string): [number, number] | null {
  if (SIZE_OF_RATIO[size]) return SIZE_OF_RATIO[size];
  const match = /^(\d+)x(\d+)$/.exec(size);
  if (!match) return null;
  const wanted: [number, number] = [Number(match[1]), Number(match[2])];
  return Object.values(SIZE_OF_RATIO).some(([w, h]) => w === wanted[0] && h === wanted[1]) ? wanted : null;
}

const hex = (rgb: number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;

/** The drawing as SVG: a background, and the subject as a square in the first colour asked. */
export function drawingSvg([width, height]: [number, number], prompt: string, colour: number[] | undefined) {
  const background = paintedBackground(prompt, [0, 0, 0]);
  const fill = colour ? hex(colour) : "#264653";
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: the fake Recraft -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
  <metadata>fake</metadata>
  <path d="M0 0H${width}V${height}H0Z" fill="${background}"/>
  <path d="M${width / 4} ${height / 4}H${(3 * width) / 4}V${(3 * height) / 4}H${width / 4}Z" fill="${fill}" data-layer="subject"/>
</svg>`;
}

export function drawingPng(size: [number, number], prompt: string, colour: number[] | undefined) {
  return sharp(Buffer.from(drawingSvg(size, prompt, colour)))
    .png()
    .toBuffer();
}

/** What the background remover answers: the corner colour taken out, the rest kept. */
export async function withoutBackground(source: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(source).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [data[0]!, data[1]!, data[2]!];
  for (let p = 0; p < info.width * info.height; p++) {
    const i = p * 4;
    if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) < 24) data[i + 3] = 0;
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** What the vectoriser answers: an SVG of the image's opaque part, in its middle pixel's colour. */
export async function vectorOf(source: Buffer): Promise<string> {
  const image = sharp(source).ensureAlpha();
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const middle = ((info.height >> 1) * info.width + (info.width >> 1)) * 4;
  const fill = hex([data[middle]!, data[middle + 1]!, data[middle + 2]!]);
  const corner =
    data[3] === 0
      ? ""
      : `<path d="M0 0H${info.width}V${info.height}H0Z" fill="${hex([data[0]!, data[1]!, data[2]!])}"/>`;
  const [w, h] = [info.width, info.height];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${corner}<path d="M${w / 4} ${h / 4}H${(3 * w) / 4}V${(3 * h) / 4}H${w / 4}Z" fill="${fill}"/></svg>`;
}

/** An upscaler's answer: the input four times larger (crisp and creative alike here). */
export async function upscaled(source: Buffer): Promise<Buffer> {
  const { width = 1, height = 1 } = await sharp(source).metadata();
  return sharp(source)
    .resize(width * 4, height * 4, { kernel: "nearest" })
    .png()
    .toBuffer();
}

/** A file part decoded as the service decodes it, or null when it is not an image. */
export async function receiveImage(data: Buffer): Promise<ReceivedImage | null> {
  try {
    const { hasAlpha, channels = 0 } = await sharp(data).metadata();
    const { data: grey, info } = await sharp(data).greyscale().raw().toBuffer({ resolveWithObject: true });
    let whitePixels = 0;
    for (let p = 0; p < info.width * info.height; p++) if (grey[p * info.channels]! >= 128) whitePixels++;
    return {
      width: info.width,
      height: info.height,
      hasAlpha: Boolean(hasAlpha),
      channels,
      whitePixels,
      bytes: data.length,
    };
  } catch {
    return null;
  }
}
