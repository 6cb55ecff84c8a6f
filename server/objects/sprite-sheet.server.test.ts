import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_SHEET_SIDE, packSpriteSheet } from "./sprite-sheet.server";

const colours = ["#d02020", "#20a040", "#2040d0", "#e0a020", "#8030c0"];

/** A 200 × 200 transparent picture with one coloured disc of its own (radius differs per picture). */
const picture = (i: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="110" r="${40 + i * 10}" fill="${colours[i % colours.length]}"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

describe("packing a sprite sheet", () => {
  it("places every frame inside the sheet, apart, trimmed, each showing its own picture", async () => {
    const inputs = await Promise.all(colours.map(async (_, i) => ({ name: `thing-${i + 1}`, file: await picture(i) })));
    const { png, atlas } = await packSpriteSheet(inputs, {
      frameSize: 128,
      padding: 2,
      trim: true,
      imageName: "sprites.png",
    });
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(atlas.meta).toMatchObject({
      image: "sprites.png",
      format: "RGBA8888",
      size: { w: info.width, h: info.height },
    });
    expect(Object.keys(atlas.frames)).toEqual(inputs.map((i) => i.name));

    const rects = Object.values(atlas.frames).map((f) => f.frame);
    for (const [i, [name, entry]] of Object.entries(atlas.frames).entries()) {
      const { frame, spriteSourceSize, sourceSize } = entry;
      // Inside the sheet, with the padding kept at its edges.
      expect(frame.x).toBeGreaterThanOrEqual(2);
      expect(frame.y).toBeGreaterThanOrEqual(2);
      expect(frame.x + frame.w).toBeLessThanOrEqual(info.width);
      expect(frame.y + frame.h).toBeLessThanOrEqual(info.height);
      // Scaled to fit 128 (200 → 128), then cut to the disc: the atlas says where it sat.
      expect(sourceSize).toEqual({ w: 128, h: 128 });
      expect(entry.trimmed).toBe(true);
      expect(spriteSourceSize.w).toBe(frame.w);
      const radius = ((40 + i * 10) * 128) / 200;
      // The disc and its anti-aliased rim (a pixel or two each side).
      expect(Math.abs(frame.w - 2 * radius)).toBeLessThanOrEqual(6);
      expect(Math.abs(spriteSourceSize.x + frame.w / 2 - 64)).toBeLessThanOrEqual(2);
      expect(Math.abs(spriteSourceSize.y + frame.h / 2 - (110 * 128) / 200)).toBeLessThanOrEqual(2);
      // Its middle is its own colour, opaque.
      const centre = ((frame.y + Math.floor(frame.h / 2)) * info.width + frame.x + Math.floor(frame.w / 2)) * 4;
      const [r, g, b] = rgb(colours[i]!);
      expect([data[centre], data[centre + 1], data[centre + 2], data[centre + 3]], name).toEqual([r, g, b, 255]);
    }
    // No two frames overlap, nor touch within the padding.
    for (const [i, a] of rects.entries()) {
      for (const b of rects.slice(i + 1)) {
        const apart = a.x + a.w + 2 <= b.x || b.x + b.w + 2 <= a.x || a.y + a.h + 2 <= b.y || b.y + b.h + 2 <= a.y;
        expect(apart, JSON.stringify([a, b])).toBe(true);
      }
    }
  });

  it("keeps whole frames without trim, and refuses a set that does not fit one sheet", async () => {
    const one = [{ name: "a", file: await picture(0) }];
    const whole = await packSpriteSheet(one, { frameSize: 64, padding: 0, trim: false, imageName: "s.png" });
    expect(whole.atlas.frames.a).toMatchObject({
      frame: { x: 0, y: 0, w: 64, h: 64 },
      trimmed: false,
      spriteSourceSize: { x: 0, y: 0, w: 64, h: 64 },
    });
    // Never enlarged: a 200 px picture in a 512 frame stays 200.
    const large = await packSpriteSheet(one, { frameSize: 512, padding: 0, trim: false, imageName: "s.png" });
    expect(large.atlas.frames.a!.sourceSize).toEqual({ w: 200, h: 200 });

    const big = await sharp({ create: { width: 512, height: 512, channels: 4, background: "#ff0000" } })
      .png()
      .toBuffer();
    const many = Array.from({ length: 65 }, (_, i) => ({ name: `n${i}`, file: big }));
    await expect(packSpriteSheet(many, { frameSize: 512, padding: 2, trim: true, imageName: "s.png" })).rejects.toThrow(
      `65 images at 512 px do not fit one ${MAX_SHEET_SIDE} × ${MAX_SHEET_SIDE} sheet. Choose a smaller frame size.`,
    );
  });
});
