import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readLook } from "../generation/providers/offline-reading.server";
import { describeImages } from "./image-traits.server";
import { extractPalette } from "./palette.server";
import { stylePromptOf } from "./style-prompt.server";
import { readPrompt } from "../generation/providers/offline-reading.server";

/** A 512 px reference drawn from SVG elements, on a background colour or transparent. */
const reference = (elements: string, background: string | null) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">${background ? `<rect width="512" height="512" fill="${background}"/>` : ""}${elements}</svg>`,
    ),
  )
    .png()
    .toBuffer();

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const near = (a: string, b: string) => Math.hypot(...channels(a).map((v, i) => v - channels(b)[i]!)) < 16;
const whiteish = (hex: string) => [1, 3, 5].every((i) => parseInt(hex.slice(i, i + 2), 16) > 225);

const tree = `<rect x="236" y="300" width="40" height="140" fill="#8a5a3b"/><circle cx="256" cy="220" r="130" fill="#3f8f4f"/><circle cx="210" cy="190" r="40" fill="#e76e50"/>`;
const lineTree = `<g fill="none" stroke="#1d3557" stroke-width="10" stroke-linecap="round"><path d="M256 440 V300"/><circle cx="256" cy="220" r="130"/><path d="M200 260 L256 300 L312 250"/></g>`;

describe("what references say about a style", () => {
  it("takes the palette from the subject, never from a white card or a flat tile around it", async () => {
    for (const background of ["#ffffff", "#f7f3ea", "#2b2d42", null]) {
      const palette = await extractPalette([await reference(tree, background)]);
      expect(palette.length, `${background}`).toBeGreaterThanOrEqual(3);
      if (background) expect(palette, background).not.toContain(background);
      if (background !== "#2b2d42") expect(palette.some(whiteish), `${background}: ${palette.join(" ")}`).toBe(false);
      // The subject's colours are there: the green crown first, it covers the most.
      expect(near(palette[0]!, "#3f8f4f"), palette[0]).toBe(true);
    }
  });

  it("reads line-art references as line art, with a palette of their ink and no white", async () => {
    const images = [await reference(lineTree, "#ffffff"), await reference(lineTree, "#ffffff")];
    const description = await describeImages(images);
    expect(description).toMatch(/line art/);
    expect(readLook(description).mode).toBe("line");
    const palette = await extractPalette(images);
    expect(palette.some(whiteish), palette.join(" ")).toBe(false);
    expect(near(palette[0]!, "#1d3557"), palette[0]).toBe(true);
  });

  it("keeps line-art references' strokes beside a description that does not say how shapes are drawn", async () => {
    const derivedDescription = await describeImages([await reference(lineTree, "#ffffff")]);
    const palette = ["#1d3557"];
    const prompt = (description: string) => stylePromptOf({ description, derivedDescription, palette });
    const cosy = readPrompt(`a fox. ${prompt("Cosy autumn icons.")}`);
    expect(cosy.look.mode).toBe("line");
    // The words added are the engine's own: none is reported as not understood.
    expect(cosy.unknown.filter((word) => /line|stroke|fill|shadow|clean|even/.test(word))).toEqual([]);
    expect(readLook(prompt("Solid glyph icons")).mode).toBe("flat");
    expect(readLook(prompt("")).mode).toBe("line");
  });

  it("gives a full-bleed photo of two colour blocks exactly those two colours, not its seam or its noise", async () => {
    const blocks = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#2a9d8f" } })
      .composite([
        {
          input: await sharp({ create: { width: 100, height: 200, channels: 3, background: "#f4a23c" } })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .jpeg()
      .toBuffer();
    const palette = await extractPalette([blocks]);
    expect(palette).toHaveLength(2);
    expect(near(palette[0]!, "#f4a23c") || near(palette[0]!, "#2a9d8f")).toBe(true);
  });

  it("reads filled references as filled", async () => {
    const description = await describeImages([await reference(tree, "#ffffff")]);
    expect(description).not.toMatch(/line art/);
    expect(readLook(description).mode).toBe("flat");
  });
});
