import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { basicUpscale } from "./basic-upscale.server";

/** A red disc with a soft, anti-aliased edge on a see-through background (hidden colour: black). */
const disc = (size: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="#d02020"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, info };
}

describe("the basic upscale", () => {
  it("makes a transparent image four times as large, alpha resampled with it and no fringe at the edges", async () => {
    const source = await disc(96);
    const { data: png, width, height } = await basicUpscale(source, 4);
    expect([width, height]).toEqual([384, 384]);
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height, meta.format, meta.hasAlpha]).toEqual([384, 384, "png", true]);

    const before = await pixels(source);
    const after = await pixels(png);
    const coverage = (d: Buffer) =>
      d.filter((_, i) => i % 4 === 3).reduce((sum, a) => sum + a, 0) / (d.length / 4) / 255;
    expect(coverage(after.data)).toBeCloseTo(coverage(before.data), 2);

    // Every pixel one can see (alpha from 16) is the disc's red: no dark or light ring (a plain
    // Lanczos resize and sharpening of the same image is off by up to 90 at the edge).
    let edge = 0;
    for (let i = 0; i < after.data.length; i += 4) {
      const a = after.data[i + 3]!;
      if (a < 16) continue;
      if (a < 240) edge++;
      const distance = Math.hypot(after.data[i]! - 0xd0, after.data[i + 1]! - 0x20, after.data[i + 2]! - 0x20);
      expect(distance, `pixel ${i / 4} (alpha ${a})`).toBeLessThan(12);
    }
    // The edge stays a thin anti-aliased line, not a blur: about one ring of source pixels, times four.
    expect(edge).toBeGreaterThan(0);
    expect(edge).toBeLessThan(2 * Math.PI * 128 * 4 * 1.5);
  });

  it("doubles an opaque image and keeps it opaque, sharper than a plain resize", async () => {
    const source = await sharp(await disc(64))
      .flatten({ background: "#ffffff" })
      .png()
      .toBuffer();
    const { data: png } = await basicUpscale(source, 2);
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([128, 128, false]);
    // Across the edge, the step from white to red is steeper than a Lanczos resize alone gives.
    const plain = await sharp(source).resize(128, 128, { kernel: "lanczos3" }).raw().toBuffer();
    const ours = await sharp(png).raw().toBuffer();
    const steepest = (d: Buffer) => {
      let most = 0;
      for (let x = 1; x < 128; x++)
        most = Math.max(most, Math.abs(d[(64 * 128 + x) * 3 + 1]! - d[(64 * 128 + x - 1) * 3 + 1]!));
      return most;
    };
    expect(steepest(ours)).toBeGreaterThan(steepest(plain));
  });
});
