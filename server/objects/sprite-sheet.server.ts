import { MaxRectsPacker } from "maxrects-packer/dist/maxrects-packer.mjs";
import sharp from "sharp";
import { AppError } from "#domain/errors";
import type { SpriteSheetOptions } from "#domain/exports";

/** One picture for the sheet: its frame name in the atlas ("fox.png") and its file. */
export interface SpriteInput {
  name: string;
  file: Buffer;
}

/** A frame as TexturePacker's "JSON hash" format writes it (Phaser's and PixiJS's atlas loaders read it). */
export interface AtlasFrame {
  frame: { x: number; y: number; w: number; h: number };
  rotated: false;
  trimmed: boolean;
  spriteSourceSize: { x: number; y: number; w: number; h: number };
  sourceSize: { w: number; h: number };
}

export interface SpriteAtlas {
  frames: Record<string, AtlasFrame>;
  meta: {
    app: string;
    version: string;
    image: string;
    format: "RGBA8888";
    size: { w: number; h: number };
    scale: "1";
  };
}

/** The largest sheet made: what every WebGL device takes as one texture. */
export const MAX_SHEET_SIDE = 4096;

interface Frame {
  name: string;
  pixels: Buffer;
  width: number;
  height: number;
  sourceSize: { w: number; h: number };
  offset: { x: number; y: number };
  trimmed: boolean;
}

/**
 * Each picture scaled to fit a `frameSize` square (never enlarged), its see-through border cut off
 * when `trim` is on (the atlas keeps where it sat, so engines place it as if it were not cut).
 */
async function frameOf(input: SpriteInput, options: SpriteSheetOptions): Promise<Frame> {
  const scaled = await sharp(input.file)
    .ensureAlpha()
    .resize(options.frameSize, options.frameSize, { fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = scaled.info;
  const sourceSize = { w: width, h: height };
  const bounds = options.trim ? opaqueBounds(scaled.data, width, height) : null;
  if (!bounds || (bounds.w === width && bounds.h === height)) {
    return { name: input.name, pixels: scaled.data, width, height, sourceSize, offset: { x: 0, y: 0 }, trimmed: false };
  }
  const pixels = await sharp(scaled.data, { raw: { width, height, channels: 4 } })
    .extract({ left: bounds.x, top: bounds.y, width: bounds.w, height: bounds.h })
    .raw()
    .toBuffer();
  return {
    name: input.name,
    pixels,
    width: bounds.w,
    height: bounds.h,
    sourceSize,
    offset: { x: bounds.x, y: bounds.y },
    trimmed: true,
  };
}

/** The smallest box holding every pixel that is not fully see-through; a wholly clear image keeps 1 × 1. */
function opaqueBounds(rgba: Buffer, width: number, height: number) {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3] === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  if (right < 0) return { x: 0, y: 0, w: 1, h: 1 };
  return { x: left, y: top, w: right - left + 1, h: bottom - top + 1 };
}

/** A frame's place on the sheet, as the packer fills it in. */
type Packed = { width: number; height: number; x: number; y: number; data: Frame };

/**
 * Packs the pictures into one PNG (maxrects, no rotation, `padding` pixels between frames and
 * around the edge) and writes its atlas. Refused when they do not fit one sheet of
 * MAX_SHEET_SIDE: a smaller frame size does.
 */
export async function packSpriteSheet(
  inputs: SpriteInput[],
  options: SpriteSheetOptions & { imageName: string },
): Promise<{ png: Buffer; atlas: SpriteAtlas }> {
  const frames: Frame[] = [];
  for (const input of inputs) frames.push(await frameOf(input, options));
  const packer = new MaxRectsPacker<Packed>(MAX_SHEET_SIDE, MAX_SHEET_SIDE, options.padding, {
    smart: true,
    pot: false,
    square: false,
    allowRotation: false,
    border: options.padding,
  });
  for (const frame of frames) {
    packer.add({ width: frame.width, height: frame.height, x: 0, y: 0, data: frame });
  }
  if (packer.bins.length !== 1 || packer.bins[0]!.rects.length !== frames.length) {
    throw new AppError(
      "bad_request",
      `${frames.length} images at ${options.frameSize} px do not fit one ${MAX_SHEET_SIDE} × ${MAX_SHEET_SIDE} sheet. Choose a smaller frame size.`,
    );
  }
  const bin = packer.bins[0]!;
  const size = { w: bin.width, h: bin.height };
  const placed = bin.rects.map((rect) => ({ rect, frame: rect.data }));
  const png = await sharp({
    create: { width: size.w, height: size.h, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite(
      placed.map(({ rect, frame }) => ({
        input: frame.pixels,
        raw: { width: frame.width, height: frame.height, channels: 4 as const },
        left: rect.x,
        top: rect.y,
      })),
    )
    .png({ compressionLevel: 6 })
    .toBuffer();
  const framesByName: Record<string, AtlasFrame> = {};
  // In the order the pictures were given, not the order they were packed.
  const byFrame = new Map(placed.map(({ rect, frame }) => [frame, rect]));
  for (const frame of frames) {
    const rect = byFrame.get(frame)!;
    framesByName[frame.name] = {
      frame: { x: rect.x, y: rect.y, w: frame.width, h: frame.height },
      rotated: false,
      trimmed: frame.trimmed,
      spriteSourceSize: { x: frame.offset.x, y: frame.offset.y, w: frame.width, h: frame.height },
      sourceSize: frame.sourceSize,
    };
  }
  return {
    png,
    atlas: {
      frames: framesByName,
      meta: { app: "Motif", version: "1.0", image: options.imageName, format: "RGBA8888", size, scale: "1" },
    },
  };
}
