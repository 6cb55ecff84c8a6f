import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readPrompt } from "../providers/offline-reading.server";
import { pixelGrid } from "../providers/offline-pixel.server";
import { createOfflineProvider, offlinePicture } from "../providers/offline.server";
import type { GenerateRequest } from "../providers/provider";
import { styleSystemPrompt, subjectPrompt } from "../prompts";
import { paletteFromDescription } from "#domain/palette";
import { stylePresets } from "#domain/presets";
import { treatmentOf } from "./icon-treatment.server";

const palette = ["#1d3557", "#e76e50", "#f4a23c", "#a8dadc"];

function requestFor(subject: string, description: string): GenerateRequest {
  return {
    prompt: subjectPrompt({ subject, transparent: true, stylePrompt: styleSystemPrompt({ description, palette }) }),
    size: "square",
    detail: "standard",
    transparent: true,
    references: [],
    seed: 7,
    n: 1,
    palette,
  };
}

/** The image's painted pixels: their share of the drawing's bounding box, and their main colours. */
async function paint(subject: string, description: string, minAlpha = 250, minShare = 0.02) {
  const [image] = (await createOfflineProvider().generate(requestFor(subject, description))).images;
  const { data, info } = await sharp(image!.data).raw().toBuffer({ resolveWithObject: true });
  let [left, top, right, bottom, painted] = [info.width, info.height, 0, 0, 0];
  const colours = new Map<string, number>();
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      if (data[i + 3]! < minAlpha) continue;
      painted++;
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
      const hex = `#${[0, 1, 2].map((c) => data[i + c]!.toString(16).padStart(2, "0")).join("")}`;
      colours.set(hex, (colours.get(hex) ?? 0) + 1);
    }
  }
  const box = (right - left + 1) * (bottom - top + 1);
  // Colours that cover a share of the painted pixels: edges blend into many colours, shapes keep one.
  const main = [...colours].filter(([, n]) => n / painted >= minShare).map(([hex]) => hex);
  return { share: painted / box, main };
}

describe("the look a style's words ask for", () => {
  it("reads line, outline and stroke words as strokes, and a filled shape's outline as a fill", () => {
    for (const words of ["flat duotone line icons, rounded", "outline icons", "strokes only", "monoline icons"]) {
      expect(readPrompt(`a wallet. ${words}.`).look.mode, words).toBe("line");
    }
    expect(readPrompt("a wallet. Chunky game inventory icons with bold outlines.").look.mode).toBe("flat");
    // Nothing the engine acted on is reported as not understood.
    expect(readPrompt("a wallet. flat duotone line icons, rounded.").unknown).toEqual([]);
  });

  it("draws a line style only in strokes: little of the drawing's box is filled", async () => {
    const line = await paint("a cat", "Line icons, thin strokes");
    const flat = await paint("a cat", "Flat icons");
    expect(line.share).toBeLessThan(0.3);
    expect(flat.share).toBeGreaterThan(0.45);
  });

  it("draws a duotone style in two tones of the palette, and a monochrome one in one", async () => {
    const duotone = await paint("a cat", "Flat duotone icons", 250, 0.005);
    expect(duotone.main).toHaveLength(2);
    for (const colour of duotone.main) expect(palette).toContain(colour);
    const mono = await paint("a cat", "Flat monochrome icons", 250, 0.005);
    expect(mono.main).toHaveLength(1);
  });

  it("leaves the shadow out of a flat style unless its words ask for one", async () => {
    const flat = readPrompt("a wallet. Flat icons.");
    expect(flat.look.mode).toBe("flat");
    const plain = await paint("a wallet", "Flat icons", 1);
    const shadowed = await paint("a wallet", "Flat icons with a soft shadow", 1);
    // The ground shadow is painted below the icon, so the drawing's box grows and its share falls.
    expect(shadowed.share).not.toBeCloseTo(plain.share, 2);
  });
});

describe("pixel art", () => {
  it("reads the sprite's native grid from the words", () => {
    expect(pixelGrid("32-px pixel art")).toBe(32);
    expect(pixelGrid("Retro 16x16 pixel sprites")).toBe(16);
    expect(pixelGrid("8-bit pixel art")).toBe(16);
    expect(pixelGrid("16-bit pixel art RPG")).toBe(32);
    expect(pixelGrid("48 px pixel art")).toBe(32);
    expect(pixelGrid("pixel art")).toBe(64);
  });

  it("draws 32-px pixel art on a true 32-px grid scaled by a whole number, in at most 16 palette colours", async () => {
    for (const subject of ["a treasure chest", "a sword", "a cat"]) {
      const [image] = (await createOfflineProvider().generate(requestFor(subject, "32-px pixel art RPG items"))).images;
      const { data, info } = await sharp(image!.data).raw().toBuffer({ resolveWithObject: true });
      const block = info.width / 32;
      expect(Number.isInteger(block)).toBe(true);
      const pixel = (x: number, y: number) =>
        data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4).toString("hex");
      const colours = new Set<string>();
      for (let by = 0; by < info.height; by += block) {
        for (let bx = 0; bx < info.width; bx += block) {
          // Every image pixel of a sprite pixel is the same: no anti-aliasing.
          for (const [dx, dy] of [
            [block - 1, 0],
            [0, block - 1],
            [block - 1, block - 1],
            [block / 2, Math.floor(block / 3)],
          ]) {
            expect(pixel(bx + dx!, by + dy!), `${subject} at ${bx},${by}`).toBe(pixel(bx, by));
          }
          const value = pixel(bx, by);
          if (value.endsWith("ff")) colours.add(`#${value.slice(0, 6)}`);
          else expect(value.endsWith("00")).toBe(true);
        }
      }
      expect(colours.size).toBeLessThanOrEqual(16);
      for (const colour of colours) expect(palette, subject).toContain(colour);
      // Shaded, not a one-colour silhouette: a sprite has its outline and at least two shades.
      expect(colours.size, subject).toBeGreaterThanOrEqual(3);
    }
  });
});

describe("the presets' own words", () => {
  it("understands every word of each preset's description", () => {
    for (const preset of stylePresets) {
      expect(readPrompt(`a sword. ${preset.description}.`).unknown, preset.id).toEqual([]);
    }
  });

  it("draws the line preset's coral accent fill and its broken ground line, and the flat one without outlines", () => {
    const line = stylePresets.find((p) => p.id === "line")!;
    const treatment = treatmentOf(line.description, "line", paletteFromDescription(line.description));
    expect(treatment).toMatchObject({ accentFill: true, groundLine: true });
    const linePalette = paletteFromDescription(line.description);
    const drawn = offlinePicture({ ...requestFor("a mushroom", line.description), palette: linePalette }, 0).body;
    expect(drawn).toContain('data-ground="true"');
    // The coral accent fills one shape; everything else is strokes.
    const fills = [...drawn.matchAll(/fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]);
    expect(new Set(fills)).toEqual(new Set(["#ff6b5b"]));
    const flat = stylePresets.find((p) => p.id === "flat")!;
    expect(treatmentOf(flat.description, "flat", paletteFromDescription(flat.description)).outline).toBe(0);
  });
});
