import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { glyphFor } from "./offline-glyphs.server";
import { createOfflineProvider, offlineLook, offlineSvg } from "./offline.server";
import type { GenerateRequest } from "./provider";

const request: GenerateRequest = {
  prompt: "a cosy house. Flat vector icons, warm amber and teal.",
  size: "square",
  detail: "draft",
  transparent: true,
  references: [],
  seed: 3,
  n: 1,
  palette: ["#f4a23c", "#2a9d8f", "#1d3557"],
};

describe("offline engine", () => {
  it("draws a subject it knows by its words, whatever the wording", () => {
    expect(glyphFor("a cosy house")).toBe(glyphFor("A little cottage"));
    expect(glyphFor("a leafy tree")).not.toBe(glyphFor("a cosy house"));
    expect(glyphFor("a steaming cup of coffee")).toBe(glyphFor("a mug"));
    expect(glyphFor("a sitting cat")).not.toBeNull();
    expect(glyphFor("a spaceship")).toBeNull();
    // Only the subject (the first sentence) decides, not the style's words.
    const svg = offlineSvg({ ...request, prompt: "a leafy tree. Cat-themed stickers with a house motif." }, 0);
    const treeTrunk = '<rect x="116" y="146"';
    const houseRoof = '<path d="M40 122 128 48 216 122Z"';
    expect(svg).toContain(treeTrunk);
    expect(svg).not.toContain(houseRoof);
  });

  it("reads the style's look from its words", () => {
    expect(offlineLook("a cat. Monoline line art, navy stroke.")).toMatchObject({ mode: "line", pixel: false });
    expect(offlineLook("a cat. Retro 32×32 pixel art sprites.")).toMatchObject({ mode: "flat", pixel: true });
    expect(offlineLook("a cat. Soft watercolour washes.")).toMatchObject({ painterly: true });
    // "no outlines" is not line art.
    expect(offlineLook("a cat. Flat icons, no outlines.")).toMatchObject({ mode: "flat", pixel: false });
  });

  it("draws line art as even outlines over white, and flat styles as filled shapes", () => {
    const line = offlineSvg({ ...request, prompt: "a cosy house. Monoline line art." }, 0);
    const flat = offlineSvg(request, 0);
    expect(line).toMatch(/fill="#ffffff" stroke="#1d3557"/);
    expect(flat).not.toMatch(/fill="#ffffff" stroke=/);
  });

  it("renders pixel art in blocks of 16 × 16 pixels", async () => {
    const [image] = (await createOfflineProvider().generate({ ...request, prompt: "a cosy house. Pixel art." })).images;
    const { data, info } = await sharp(image!.data).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data.readUInt32BE((y * info.width + x) * info.channels);
    let blocks = 0;
    for (let by = 0; by < info.height; by += 16 * 7) {
      for (let bx = 0; bx < info.width; bx += 16 * 5) {
        for (const [dx, dy] of [
          [1, 0],
          [15, 15],
          [7, 9],
        ]) {
          expect(at(bx + dx!, by + dy!)).toBe(at(bx, by));
        }
        blocks++;
      }
    }
    expect(blocks).toBeGreaterThan(50);
  });
});
