import sharp from "sharp";
import type { Rgba } from "../pixel-art/detect-grid";
import type { AnimationFrames } from "./frames.server";

const raw = (image: Rgba) => ({ raw: { width: image.width, height: image.height, channels: 4 as const } });

/** The animation as one sheet: a row per direction, a column per frame. */
export async function sheetPng({
  cell,
  frames,
}: AnimationFrames): Promise<{ data: Buffer; width: number; height: number }> {
  const columns = frames[0]?.length ?? 0;
  const [width, height] = [columns * cell, frames.length * cell];
  const data = Buffer.alloc(width * height * 4);
  frames.forEach((row, r) =>
    row.forEach((frame, c) => {
      for (let y = 0; y < cell; y++) {
        data.set(frame.data.subarray(y * cell * 4, (y + 1) * cell * 4), ((r * cell + y) * width + c * cell) * 4);
      }
    }),
  );
  return {
    data: await sharp(data, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
    width,
    height,
  };
}

/** The frames of one row of a stored sheet. */
export async function sheetRow(sheet: Buffer, layout: { cell: number; frames: number; row: number }): Promise<Rgba[]> {
  const { cell } = layout;
  return Promise.all(
    Array.from({ length: layout.frames }, async (_, frame) => {
      const data = await sharp(sheet)
        .extract({ left: frame * cell, top: layout.row * cell, width: cell, height: cell })
        .ensureAlpha()
        .raw()
        .toBuffer();
      return { data, width: cell, height: cell };
    }),
  );
}

/** Frames joined as one animated image, each shown 1/`fps` of a second, looping for ever or played once. */
function joined(frames: Rgba[], options: { fps: number; loop: boolean }) {
  const pngs = frames.map((frame) => sharp(Buffer.from(frame.data), raw(frame)).png().toBuffer());
  const timing = { delay: frames.map(() => Math.round(1000 / options.fps)), loop: options.loop ? 0 : 1 };
  return Promise.all(pngs).then((files) => ({ image: sharp(files, { join: { animated: true } }), timing }));
}

/** An animated GIF of the frames (its alpha on or off, as GIF has it). */
export async function animatedGif(frames: Rgba[], options: { fps: number; loop: boolean }): Promise<Buffer> {
  const { image, timing } = await joined(frames, options);
  return image.gif(timing).toBuffer();
}

/** An animated WebP of the frames: full alpha, lossless, smaller than the GIF. */
export async function animatedWebp(frames: Rgba[], options: { fps: number; loop: boolean }): Promise<Buffer> {
  const { image, timing } = await joined(frames, options);
  return image.webp({ ...timing, lossless: true }).toBuffer();
}
