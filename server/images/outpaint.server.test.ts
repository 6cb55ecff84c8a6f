import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  backgroundInput,
  extendCanvas,
  keepOriginal,
  OUTPAINT_MAX_SIDE,
  SEAM_FEATHER,
  sentSize,
  subjectOverBackground,
} from "./outpaint.server";

/** A picture no model would draw: a gradient, so every pixel differs from its neighbours. */
async function gradient(width: number, height: number, alpha?: (x: number, y: number) => number) {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data.set([(x * 7) % 256, (y * 5) % 256, (x + y) % 256, alpha ? alpha(x, y) : 255], i);
    }
  }
  return sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

const raw = async (png: Buffer, channels: 1 | 4 = 4) => {
  const image = channels === 1 ? sharp(png).greyscale() : sharp(png).ensureAlpha();
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
};

/** The model's answer, in one flat colour: what it painted is easy to tell from the original. */
const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2a9d8f" } })
    .png()
    .toBuffer();

describe("extending an image's canvas", () => {
  it("sends a canvas of the extended size with a mask white exactly over the new space, fading into the seam", async () => {
    const original = await gradient(200, 100);
    const input = await extendCanvas(original, { left: 0, right: 0.5, top: 0, bottom: 0 });
    expect([input.width, input.height, input.offset]).toEqual([300, 100, { left: 0, top: 0 }]);
    // Sent at multiples of 16: 304 × 96.
    const mask = await raw(input.mask, 1);
    expect([mask.width, mask.height]).toEqual([304, 96]);
    const canvas = await raw(input.canvas);
    expect([canvas.width, canvas.height]).toEqual([304, 96]);
    // At the original's scale (the one composited back), the mask before sending:
    const full = await extendCanvas(await gradient(160, 96), { left: 0, right: 0.5, top: 0, bottom: 0 });
    const m = await raw(full.mask, 1);
    expect([m.width, m.height]).toEqual([240, 96]);
    for (let y = 0; y < 96; y++) {
      for (let x = 0; x < 240; x++) {
        const value = m.data[y * 240 + x]!;
        if (x >= 160) expect(value, `${x},${y}`).toBe(255);
        else if (x < 160 - SEAM_FEATHER) expect(value, `${x},${y}`).toBe(0);
        else expect(value, `${x},${y}`).toBeGreaterThan(0);
      }
    }
    // The new space starts as the original's edge pixels, stretched outward.
    const c = await raw(full.canvas);
    const at = (x: number, y: number) => [...c.data.subarray((y * 240 + x) * 4, (y * 240 + x) * 4 + 4)];
    expect(at(239, 40)).toEqual(at(159, 40));
    expect(at(200, 10)).toEqual(at(159, 10));
  });

  it("keeps every pixel of the original, alpha included, at its offset in the result", async () => {
    const original = await gradient(120, 80, (x) => (x < 10 ? 0 : 255));
    const input = await extendCanvas(original, { left: 0.25, right: 0.25, top: 1, bottom: 0.5 });
    expect([input.width, input.height, input.offset]).toEqual([180, 200, { left: 30, top: 80 }]);
    const result = await keepOriginal(original, await flat(1024, 1024), input);
    const [was, now] = await Promise.all([raw(original), raw(result)]);
    expect([now.width, now.height]).toEqual([180, 200]);
    for (let y = 0; y < 80; y++) {
      const row = was.data.subarray(y * 120 * 4, (y + 1) * 120 * 4);
      const at = ((y + 80) * 180 + 30) * 4;
      expect(Buffer.compare(now.data.subarray(at, at + 120 * 4), row), `row ${y}`).toBe(0);
    }
    // Outside it: the model's.
    expect([...now.data.subarray(0, 4)]).toEqual([0x2a, 0x9d, 0x8f, 255]);
    expect([...now.data.subarray(now.data.length - 4)]).toEqual([0x2a, 0x9d, 0x8f, 255]);
  });

  it("sends no side over the providers' limit, and multiples of 16", () => {
    expect(sentSize({ width: 3072, height: 1024 })).toEqual({ width: OUTPAINT_MAX_SIDE, height: 688 });
    expect(sentSize({ width: 1536, height: 1000 })).toEqual({ width: 1536, height: 1008 });
    expect(sentSize({ width: 5, height: 5 })).toEqual({ width: 16, height: 16 });
  });
});

describe("a new background", () => {
  it("masks where the subject's alpha is low, and lays the subject back over the answer unchanged", async () => {
    // A disc of gradient on transparency, with a soft edge.
    const inside = (x: number, y: number) => Math.hypot(x - 64, y - 64);
    const original = await gradient(128, 128, (x, y) =>
      inside(x, y) < 40 ? 255 : inside(x, y) < 44 ? Math.round(255 * ((44 - inside(x, y)) / 4)) : 0,
    );
    const input = (await backgroundInput(original))!;
    expect(input).not.toBeNull();
    const mask = await raw(input.mask, 1);
    expect([mask.width, mask.height]).toEqual([128, 128]);
    for (let y = 0; y < 128; y++) {
      for (let x = 0; x < 128; x++) {
        const d = inside(x, y);
        if (d < 40) expect(mask.data[y * 128 + x], `${x},${y}`).toBe(0);
        if (d >= 44) expect(mask.data[y * 128 + x], `${x},${y}`).toBe(255);
      }
    }
    const result = await raw(await subjectOverBackground(original, await flat(1024, 1024)));
    const was = await raw(original);
    for (let y = 0; y < 128; y++) {
      for (let x = 0; x < 128; x++) {
        const i = (y * 128 + x) * 4;
        if (inside(x, y) < 40) expect([...result.data.subarray(i, i + 4)]).toEqual([...was.data.subarray(i, i + 4)]);
        if (inside(x, y) >= 44) expect([...result.data.subarray(i, i + 4)]).toEqual([0x2a, 0x9d, 0x8f, 255]);
      }
    }
  });

  it("keys out a plain background of an opaque image, and refuses a busy one", async () => {
    const square = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#e76f51" } })
      .png()
      .toBuffer();
    // 96 px: sent at its own size (a multiple of 16).
    const plain = await sharp({ create: { width: 96, height: 96, channels: 3, background: "#f4f1ea" } })
      .composite([{ input: square, left: 30, top: 30 }])
      .png()
      .toBuffer();
    const input = (await backgroundInput(plain))!;
    const mask = await raw(input.mask, 1);
    expect(mask.data[0]).toBe(255);
    expect([mask.width, mask.height]).toEqual([96, 96]);
    expect(mask.data[50 * 96 + 50]).toBe(0);
    expect(mask.data.filter((v) => v === 0).length).toBe(40 * 40);
    const result = await raw(await subjectOverBackground(plain, await flat(64, 64)));
    expect([...result.data.subarray((50 * 96 + 50) * 4, (50 * 96 + 50) * 4 + 3)]).toEqual([0xe7, 0x6f, 0x51]);
    expect([...result.data.subarray(0, 3)]).toEqual([0x2a, 0x9d, 0x8f]);

    expect(await backgroundInput(await gradient(100, 100))).toBeNull();
  });
});
