import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { classicPalettes } from "#domain/classic-palettes";
import { detectGrid } from "./detect-grid";
import { pixelate, scaleByWholePixels } from "./pixelate.server";
import { looksPixelated, painting, pixelArtOnGrid, pixelsOf, png } from "../../../tests/support/pixel-fixtures";

describe("pixel art", () => {
  it("finds the grid of an image that only looks like pixel art, within a pixel", async () => {
    for (const [grid, size] of [
      [16, 1024],
      [24, 1000],
      [32, 1024],
      [48, 1024],
      [64, 960],
      [100, 1024],
    ] as const) {
      const art = pixelArtOnGrid(grid, 12, grid);
      const image = { data: await looksPixelated(art, grid, size, 6, grid), width: size, height: size };
      const found = detectGrid(image, { min: 16, max: 128 });
      expect(Math.abs(found! - grid), `grid ${grid} at ${size} px: found ${found}`).toBeLessThanOrEqual(1);
    }
  });

  it("finds no grid in a painting, and says so rather than guessing", async () => {
    const { data } = await sharp(await painting(512))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(detectGrid({ data, width: 512, height: 512 }, { min: 16, max: 128 })).toBeNull();
    await expect(
      pixelate(await painting(512), {
        grid: "detect",
        palette: "image",
        colours: 16,
        outline: false,
        stylePalette: [],
      }),
    ).rejects.toThrow(/not drawn on a pixel grid of 16 to 128 pixels; choose a grid size instead/);
  });

  it("converts enlarged pixel art back to its own pixels, colour for colour", async () => {
    const art = pixelArtOnGrid(32, 10, 7);
    const enlarged = await png(await looksPixelated(art, 32, 1024, 5, 7), 1024);
    const made = await pixelate(enlarged, {
      grid: "detect",
      palette: "image",
      colours: 64,
      outline: false,
      stylePalette: [],
    });
    expect(made.params).toMatchObject({ grid: 32, detected: true });
    const { data, width, height } = await pixelsOf(made.data);
    expect([width, height]).toEqual([32, 32]);
    for (let i = 0; i < data.length; i += 4) {
      expect(data[i + 3]).toBe(art[i + 3]);
      // The noise is averaged away: each colour lies within a step or two of the one drawn.
      for (let c = 0; c < 3; c++) expect(Math.abs(data[i + c]! - art[i + c]!)).toBeLessThanOrEqual(2);
    }
  });

  it("makes a painting into pixel art on the chosen grid, in the chosen palette, with no half-clear pixel", async () => {
    const made = await pixelate(await painting(1024), {
      grid: 32,
      palette: "pico-8",
      colours: 16,
      outline: false,
      stylePalette: [],
    });
    const { width, height, colours, alphas } = await pixelsOf(made.data);
    expect([width, height]).toEqual([32, 32]);
    expect([...alphas].sort()).toEqual([0, 255]);
    expect(colours.size).toBeGreaterThan(2);
    expect(colours.size).toBeLessThanOrEqual(16);
    for (const colour of colours) expect(classicPalettes["pico-8"].colours).toContain(colour);
  });

  it("keeps at most N colours: of the image's own, or of a palette larger than N", async () => {
    for (const palette of ["image", "db32"] as const) {
      const made = await pixelate(await painting(512), {
        grid: 48,
        palette,
        colours: 5,
        outline: false,
        stylePalette: [],
      });
      const { colours } = await pixelsOf(made.data);
      expect(colours.size, palette).toBeLessThanOrEqual(5);
      if (palette === "db32") for (const colour of colours) expect(classicPalettes.db32.colours).toContain(colour);
    }
  });

  it("draws in the style's palette, and keeps the image's shape on a grid along its longer side", async () => {
    const wide = await sharp(await painting(512))
      .resize({ width: 512, height: 256, fit: "fill" })
      .png()
      .toBuffer();
    const stylePalette = ["#264653", "#2a9d8f", "#e9c46a", "#f4a261", "#e76f51"];
    const made = await pixelate(wide, { grid: 64, palette: "style", colours: 16, outline: false, stylePalette });
    const { width, height, colours } = await pixelsOf(made.data);
    expect([width, height]).toEqual([64, 32]);
    for (const colour of colours) expect(stylePalette).toContain(colour);
  });

  it("outlines the shape in the palette's darkest colour, one pixel wide", async () => {
    const plain = await pixelate(await painting(512), {
      grid: 32,
      palette: "pico-8",
      colours: 16,
      outline: false,
      stylePalette: [],
    });
    const outlined = await pixelate(await painting(512), {
      grid: 32,
      palette: "pico-8",
      colours: 16,
      outline: true,
      stylePalette: [],
    });
    const before = await pixelsOf(plain.data);
    const after = await pixelsOf(outlined.data);
    const at = (x: number, y: number) => (y * 32 + x) * 4;
    let added = 0;
    for (let y = 0; y < 32; y++) {
      for (let x = 0; x < 32; x++) {
        const p = at(x, y);
        if (before.data[p + 3]) {
          expect(after.data.subarray(p, p + 4)).toEqual(before.data.subarray(p, p + 4));
          continue;
        }
        const beside = [at(x - 1, y), at(x + 1, y), at(x, y - 1), at(x, y + 1)].some(
          (q, i) => [x > 0, x < 31, y > 0, y < 31][i] && before.data[q + 3] === 255,
        );
        expect(after.data[p + 3], `(${x}, ${y})`).toBe(beside ? 255 : 0);
        if (!beside) continue;
        added++;
        // PICO-8's darkest colour is black.
        expect([...after.data.subarray(p, p + 3)]).toEqual([0, 0, 0]);
      }
    }
    expect(added).toBeGreaterThan(20);
  });

  it("enlarges by whole pixels: every pixel becomes an exact square of itself", async () => {
    const art = pixelArtOnGrid(16, 6, 3);
    const scaled = await pixelsOf(await scaleByWholePixels(await png(art, 16), 8));
    expect([scaled.width, scaled.height]).toEqual([128, 128]);
    for (let y = 0; y < 128; y++) {
      for (let x = 0; x < 128; x++) {
        const from = (Math.floor(y / 8) * 16 + Math.floor(x / 8)) * 4;
        expect([...scaled.data.subarray((y * 128 + x) * 4, (y * 128 + x) * 4 + 4)]).toEqual([
          ...art.subarray(from, from + 4),
        ]);
      }
    }
  });
});
