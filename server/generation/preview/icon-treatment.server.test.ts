import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { createOfflineProvider, offlinePicture } from "../providers/offline.server";
import type { GenerateRequest } from "../providers/provider";
import { styleSystemPrompt, subjectPrompt } from "../prompts";
import type * as iconSetsModule from "./icon-sets.server";
import { iconDrawing } from "./icon-sets.server";
import { recolour, treatmentOf } from "./icon-treatment.server";

// The library reads, counted (they still read the library).
vi.mock("./icon-sets.server", async (original) => {
  const actual = await original<typeof iconSetsModule>();
  return { ...actual, iconDrawing: vi.fn(actual.iconDrawing) };
});

const pastel = {
  words: "Flat pastel isometric icons",
  palette: ["#f6c5d0", "#b8e0d2", "#d6c6f0", "#fbe7a1", "#6c5b7b"],
};
const sticker = {
  words: "Cartoon sticker app icons on rounded tiles",
  palette: ["#264653", "#2a9d8f", "#e9c46a", "#f4a261", "#e76f51"],
};
const animals = ["fox", "owl", "bear", "deer", "rabbit"];

const request = (subject: string, style: typeof pastel): GenerateRequest => ({
  prompt: `${subject}. ${style.words}. Colour palette: ${style.palette.join(", ")}.`,
  size: "square",
  detail: "standard",
  transparent: true,
  references: [],
  seed: 11,
  n: 1,
  palette: style.palette,
});

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** The share of fully opaque pixels within `tolerance` of a palette colour, and the opaque area's bounds. */
async function measure(png: Buffer, palette: string[], tolerance = 24) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const colours = palette.map(rgb);
  let opaque = 0;
  let inPalette = 0;
  let [left, top, right, bottom] = [info.width, info.height, 0, 0];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const p = (y * info.width + x) * 4;
      if (data[p + 3]! < 40) continue;
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
      if (data[p + 3] !== 255) continue;
      opaque++;
      const near = colours.some(
        (c) => Math.hypot(c[0] - data[p]!, c[1] - data[p + 1]!, c[2] - data[p + 2]!) <= tolerance,
      );
      if (near) inPalette++;
    }
  }
  return { share: inPalette / opaque, opaque, bounds: { left, top, right, bottom } };
}

async function setIn(style: typeof pastel) {
  const provider = createOfflineProvider();
  return Promise.all(
    animals.map(async (animal) => {
      const { images } = await provider.generate(request(animal, style));
      return images[0]!.data;
    }),
  );
}

describe("a set redrawn in one style", () => {
  it("maps an icon's colours onto the palette by lightness, darkest to darkest", () => {
    const body = '<path fill="#000000"/><path fill="#808080"/><path fill="#fff"/><stop stop-color="#303030"/>';
    expect(recolour(body, ["#112233", "#778899", "#eeddcc"])).toBe(
      '<path fill="#112233"/><path fill="#778899"/><path fill="#eeddcc"/><stop stop-color="#112233"/>',
    );
  });

  it("draws five different animals, every one only in the palette's colours and inside the same margins", async () => {
    const pictures = animals.map((animal) => offlinePicture(request(animal, pastel), 0));
    expect(new Set(pictures.map((p) => p.source?.icon)).size).toBe(5);
    expect(pictures.every((p) => p.source?.set.id === "fluent-emoji-flat")).toBe(true);
    const treatment = treatmentOf(pastel.words, "flat", pastel.palette);
    const margin = 1024 * treatment.padding;
    for (const png of await setIn(pastel)) {
      const { share, opaque, bounds } = await measure(png, pastel.palette);
      expect(opaque).toBeGreaterThan(50_000);
      expect(share).toBeGreaterThan(0.95);
      // Nothing drawn in the margin the treatment keeps (the ground shadow sits just below the icon).
      expect(bounds.left).toBeGreaterThanOrEqual(margin - 2);
      expect(bounds.top).toBeGreaterThanOrEqual(margin - 2);
      expect(bounds.right).toBeLessThanOrEqual(1024 - margin + 2);
    }
  });

  it("takes its treatment from the style's own words, not from the sentences every prompt carries", () => {
    // Every transparent prompt says "no shadow box" and every prompt "shading": a plain flat style has neither.
    const prompt = subjectPrompt({
      subject: "fox",
      transparent: true,
      stylePrompt: styleSystemPrompt({ description: "Flat icons", palette: pastel.palette }),
    });
    expect(prompt).toContain("shading");
    expect(prompt).toContain("no shadow box");
    const flat = offlinePicture({ ...request("fox", pastel), prompt, detail: "high" }, 0);
    // Flat means no shadow unless the words ask for one.
    expect(flat.body).not.toMatch(/<ellipse /);
    const shadowed = subjectPrompt({
      subject: "fox",
      transparent: true,
      stylePrompt: styleSystemPrompt({ description: "Flat icons with a soft shadow", palette: pastel.palette }),
    });
    expect(offlinePicture({ ...request("fox", pastel), prompt: shadowed, detail: "high" }, 0).body).toMatch(
      /<ellipse [^>]*fill-opacity="0.18"/,
    );
    expect(flat.body).toContain('stop-opacity="0.14"');
    const soft = offlinePicture({ ...request("fox", pastel), detail: "high" }, 0);
    expect(soft.body).toContain('stop-opacity="0.32"');
  });

  it("gives another style another treatment: its own colours, tiles and outlines", async () => {
    const pastelTreatment = treatmentOf(pastel.words, "flat", pastel.palette);
    const stickerTreatment = treatmentOf(sticker.words, "flat", sticker.palette);
    expect(pastelTreatment).toMatchObject({ tile: false, outline: 0, shading: "soft", shadow: "ground" });
    expect(stickerTreatment).toMatchObject({ tile: true, shadow: "drop" });
    expect(stickerTreatment.outline).toBeGreaterThan(0);
    const stickers = await setIn(sticker);
    for (const png of stickers) {
      expect((await measure(png, sticker.palette)).share).toBeGreaterThan(0.95);
      // Out of the pastel palette: almost nothing of a sticker is in it.
      expect((await measure(png, pastel.palette)).share).toBeLessThan(0.2);
    }
    // Every sticker sits on a tile: the image's middle column is opaque from the tile's top edge down.
    const { data, info } = await sharp(stickers[0]!).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3]!;
    const tileTop = Math.ceil(1024 * stickerTreatment.padding) + 4;
    expect(alphaAt(512, tileTop)).toBe(255);
    expect(alphaAt(tileTop, 512)).toBe(255);
  });

  it("redraws an icon in a treatment once: the same subject again reads no library and gives the same image", async () => {
    const provider = createOfflineProvider();
    const once = { ...request("hedgehog", sticker), seed: 29 };
    const reads = vi.mocked(iconDrawing);
    reads.mockClear();
    const first = (await provider.generate(once)).images[0]!.data;
    expect(reads).toHaveBeenCalledTimes(1);
    const again = (await provider.generate(once)).images[0]!.data;
    expect(reads).toHaveBeenCalledTimes(1);
    expect(again.equals(first)).toBe(true);
    // Another treatment of the same icon is drawn anew.
    await provider.generate({ ...once, prompt: once.prompt.replace("Cartoon sticker", "Minimal line art") });
    expect(reads).toHaveBeenCalledTimes(2);
  });
});
