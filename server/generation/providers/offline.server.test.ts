import { pricesAtRate, standardPrices } from "#domain/pricing";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { coloursIn } from "#domain/colour-words";
import { previewTexts } from "#domain/preview";
import { optimizeImage } from "../../images/optimize.server";
import { styleSystemPrompt, subjectPrompt } from "../prompts";
import { subjectOfWord } from "./offline-glyphs.server";
import { PIXEL_BLOCK } from "./offline-pixel.server";
import { readPrompt } from "./offline-reading.server";
import { createOfflineProvider, offlineLook, offlinePicture, offlineSvg, placeholderLines } from "./offline.server";
import type { GenerateRequest } from "./provider";
import { createProviderRegistry } from "./registry.server";
import { parseConfig } from "../../configuration.server";

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

/** A prompt as the app builds it: subject, extra words, style description, palette and fixed sentences. */
const promptFor = (subject: string, description: string, extra?: string) =>
  subjectPrompt({
    subject,
    extra,
    transparent: true,
    stylePrompt: styleSystemPrompt({ description, palette: ["#112233", "#445566"] }),
  });

const hue = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return { r: r!, g: g!, b: b! };
};

async function generate(overrides: Partial<GenerateRequest>) {
  const [image] = (await createOfflineProvider().generate({ ...request, ...overrides })).images;
  return image!.data;
}

describe("preview engine: colours", () => {
  it("reads colours and their modifiers from words", () => {
    const [red, navy] = coloursIn("red and navy");
    expect(hue(red!).r).toBeGreaterThan(180);
    expect(hue(red!).g).toBeLessThan(80);
    expect(navy).toBe("#1f2a44");
    const [sage, rose] = coloursIn("muted sage and rose watercolour");
    // Muted sage is a greyish green, not a saturated cyan; rose is a pink.
    expect(hue(sage!).g).toBeGreaterThan(hue(sage!).r);
    expect(hue(sage!).g).toBeGreaterThan(hue(sage!).b);
    expect(Math.max(...Object.values(hue(sage!))) - Math.min(...Object.values(hue(sage!)))).toBeLessThan(50);
    expect(hue(rose!).r).toBeGreaterThan(hue(rose!).g + 60);
    // Modifiers change the colour; two-word names are one colour.
    expect(coloursIn("dark green")[0]).not.toBe(coloursIn("green")[0]);
    expect(coloursIn("pale pink")[0]).not.toBe(coloursIn("pink")[0]);
    expect(coloursIn("sky blue")).toEqual(["#87ceeb"]);
    expect(coloursIn("pastel pink")).toHaveLength(1);
  });

  it("draws in the colours the words name, not colours made up from them", () => {
    // A drawing the engine makes itself takes the style's words' colours before the palette.
    const picture = offlinePicture(
      {
        ...request,
        prompt: promptFor("a flibbertigibbet", "Flat icons in red and navy"),
        palette: ["#aaee00", "#00ffaa"],
      },
      0,
    );
    expect(picture.body).toContain(`stroke="${coloursIn("red")[0]}"`);
    // A library icon keeps the style's palette (made from those words), with the subject's own colour.
    const fox = offlinePicture(
      { ...request, prompt: promptFor("a blue fox", "Flat icons"), palette: ["#aaee00", "#00ffaa", "#102030"] },
      0,
    );
    const used = new Set([...fox.body.matchAll(/fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]));
    expect(used).toContain(coloursIn("blue")[0]);
    expect([...used].every((c) => ["#aaee00", "#00ffaa", "#102030", coloursIn("blue")[0]].includes(c))).toBe(true);
    // A colour named with the subject comes first.
    const green = offlinePicture({ ...request, prompt: promptFor("a green cat", "Flat icons in red and navy") }, 0);
    expect(green.body).toContain(`fill="${coloursIn("green")[0]}"`);
  });

  it("keeps a fruit a fruit: the subject's own word is not read as a colour", () => {
    expect(readPrompt("an orange").colours).toEqual([]);
    expect(readPrompt("an orange cat").colours).toEqual(coloursIn("orange"));
    expect(readPrompt("a rose").drawing).toBe("flower");
  });
});

describe("preview engine: what it understood", () => {
  it("reports the words it did not understand, and not the fixed sentences or the palette", () => {
    const reading = readPrompt(promptFor("a cosy house", "Muted sage and rose watercolour with dreamy glitter"));
    expect(reading.unknown).toEqual(["cosy", "dreamy", "glitter"]);
    expect(reading.understood).toEqual(expect.arrayContaining(["house", "muted", "sage", "rose", "watercolour"]));
  });

  it("reads the object's extra words too", () => {
    const reading = readPrompt(promptFor("a potion", "Flat icons", "glowing blue"));
    expect(reading.unknown).toEqual(["glowing"]);
    expect(reading.colours[0]).toBe(coloursIn("blue")[0]);
  });
});

describe("preview engine: subjects", () => {
  it("knows subjects by their synonyms and plurals", () => {
    expect(subjectOfWord("cottage")).toBe("house");
    expect(subjectOfWord("potions")).toBe("potion");
    expect(subjectOfWord("leaves")).toBe("leaf");
    expect(subjectOfWord("puppies")).toBe("dog");
    expect(subjectOfWord("rubies")).toBe("gem");
    expect(subjectOfWord("spaceship")).toBeNull();
    expect(readPrompt("a treasure chest").drawing).toBe("chest");
    expect(readPrompt("a steaming cup of coffee").drawing).toBe("cup");
    expect(readPrompt("a sword with gems").drawing).toBe("sword");
    // The head noun decides: a coffee bean is not a cup.
    expect(readPrompt("a coffee bean").drawing).toBeNull();
  });

  it("draws a subject it knows, and only the subject (not the style's words)", () => {
    const svg = offlineSvg({ ...request, prompt: "a leafy tree. Cat-themed stickers with a house motif." }, 0);
    const picture = offlinePicture({ ...request, prompt: "a leafy tree. Cat-themed stickers with a house motif." }, 0);
    expect(picture.source?.icon).toMatch(/tree/);
    expect(svg).not.toContain("data-placeholder");
    // The built-in drawings remain for a subject no library names under its words.
    expect(subjectOfWord("tree")).toBe("tree");
  });

  it("draws a labelled placeholder, never another object, for a subject it does not know", async () => {
    const picture = offlinePicture({ ...request, prompt: promptFor("a flibbertigibbet", "Flat icons in red") }, 0);
    expect(picture.reading.drawing).toBeNull();
    expect(picture.reading.icons).toBeNull();
    expect(picture.body).toContain('data-placeholder="true"');
    expect(picture.label).toContain(">Flibbertigibbet</text>");
    expect(picture.label).toContain("preview placeholder");
    // In the style's colours.
    expect(picture.body).toContain(`stroke="${coloursIn("red")[0]}"`);
    expect(placeholderLines("a very long name for an unusual thing")).toEqual([
      "Very long name",
      "for an unusual",
      "thing",
    ]);
    expect(offlinePicture({ ...request, prompt: "a <b>&</b>. Flat." }, 0).label).toContain("&lt;b&gt;&amp;&lt;/b&gt;");
    // The label is really drawn: the placeholder has dark text pixels in its middle.
    const data = await generate({ prompt: promptFor("a flibbertigibbet", "Flat icons"), transparent: false });
    const { data: pixels } = await sharp(data)
      .extract({ left: 412, top: 462, width: 200, height: 100 })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(Math.min(...pixels)).toBeLessThan(90);
  });
});

describe("preview engine: the look follows the style", () => {
  it("reads the style's look from its words", () => {
    expect(offlineLook("a cat. Monoline line art, navy stroke.")).toMatchObject({ mode: "line", pixel: false });
    expect(offlineLook("a cat. Retro 32×32 pixel art sprites.")).toMatchObject({ mode: "flat", pixel: true });
    expect(offlineLook("a cat. Soft watercolour washes.")).toMatchObject({ painterly: true });
    // "no outlines" is not line art.
    expect(offlineLook("a cat. Flat icons, no outlines.")).toMatchObject({ mode: "flat", pixel: false });
  });

  it("draws line art as strokes only, and flat styles as filled shapes", () => {
    const line = offlineSvg({ ...request, prompt: "a cosy house. Monoline line art.", transparent: true }, 0);
    const fills = [...line.matchAll(/fill="([^"]+)"/g)].map((m) => m[1]);
    // Every shape is an unfilled stroke (dots, where a drawing has them, are in the line colour).
    expect(fills.filter((f) => f !== "none" && f !== "#1d3557")).toEqual([]);
    const cat = offlineSvg({ ...request, prompt: "a cat. Monoline line art." }, 0);
    expect([...cat.matchAll(/fill="([^"]+)"/g)].filter((m) => m[1] !== "none" && m[1] !== "#1d3557")).toEqual([]);
    expect(line).toMatch(/fill="none" stroke="#1d3557"/);
    const flat = offlineSvg(request, 0);
    expect(flat).not.toMatch(/fill="none" stroke="#1d3557"/);
    // Filled, in the style's palette.
    expect(flat).toMatch(/fill="#f4a23c"/);
    expect(flat).toMatch(/fill="#2a9d8f"/);
  });

  it("renders pixel art crisp: hard 16 × 16 blocks, few colours, and a dark outline", async () => {
    for (const prompt of [
      promptFor("a treasure chest", "Pixel art sprites"),
      promptFor("a flibbertigibbet", "Pixel art"),
    ]) {
      const image = await generate({ prompt, transparent: false });
      const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => data.readUIntBE((y * info.width + x) * info.channels, 3);
      // Every block is one colour (outside the placeholder's label, drawn sharp on top).
      const colours = new Set<number>();
      let blocks = 0;
      for (let by = 0; by < info.height; by += PIXEL_BLOCK) {
        for (let bx = 0; bx < info.width; bx += PIXEL_BLOCK) {
          const inLabel = prompt.startsWith("a flibbertigibbet") && bx > 260 && bx < 764 && by > 300 && by < 800;
          if (inLabel) continue;
          for (const [dx, dy] of [
            [1, 0],
            [15, 15],
            [7, 9],
          ]) {
            expect(at(bx + dx!, by + dy!)).toBe(at(bx, by));
          }
          colours.add(at(bx, by));
          blocks++;
        }
      }
      expect(blocks).toBeGreaterThan(2000);
      // No anti-aliased in-between colours: a handful of flat colours only.
      expect(colours.size).toBeLessThanOrEqual(12);
    }
    // The outline: the sprite's edge pixels are the darkest colour.
    const sprite = await generate({ prompt: promptFor("a red apple", "Pixel art, navy outline"), transparent: true });
    const { data, info } = await sharp(sprite).raw().toBuffer({ resolveWithObject: true });
    const row = 512;
    let x = 0;
    while (data[(row * info.width + x) * 4 + 3] === 0) x++;
    const edge = [0, 1, 2].map((c) => data[(row * info.width + x) * 4 + c]);
    expect(`#${edge.map((v) => v!.toString(16).padStart(2, "0")).join("")}`).toBe("#1d3557");
  });

  it("softens watercolour", async () => {
    const count = async (prompt: string) => {
      const { data } = await sharp(await generate({ prompt, transparent: false }))
        .raw()
        .toBuffer({ resolveWithObject: true });
      const set = new Set<number>();
      for (let i = 0; i < data.length; i += 3) set.add(data.readUIntBE(i, 3));
      return set.size;
    };
    // Blurred edges blend into many more in-between colours than flat ones.
    expect(await count(promptFor("a heart", "Watercolour in rose"))).toBeGreaterThan(
      2 * (await count(promptFor("a heart", "Flat icons in rose"))),
    );
  });
});

describe("preview engine: labelled as a preview", () => {
  it("says in the file's metadata that no AI model made it, and what it did not understand", async () => {
    const meta = await sharp(await generate({ prompt: promptFor("a cosy house", "Flat icons in red") })).metadata();
    expect(meta.exif?.toString("latin1")).toContain(previewTexts.software);
    expect(meta.xmpAsString).toContain(`xmp:CreatorTool="${previewTexts.software}"`);
    expect(meta.xmpAsString).toContain("not by an AI model");
    expect(meta.xmpAsString).toContain("Words it did not understand: cosy");
    // The WebP copy the app offers for download keeps the statement.
    const webp = await optimizeImage(await generate({ prompt: promptFor("a key", "Flat") }), {
      width: 640,
      quality: 100,
    });
    expect((await sharp(webp).metadata()).xmpAsString).toContain(previewTexts.software);
  });

  it("is free unless the operator prices it (PREVIEW_PRICE)", async () => {
    const engine = async (env: Record<string, string>) => (await createProviderRegistry(parseConfig(env))).default;
    expect(await engine({})).toMatchObject({ id: "offline", label: "Preview engine", prices: pricesAtRate(0) });
    expect((await engine({ PREVIEW_PRICE: "free" })).prices).toEqual(pricesAtRate(0));
    expect((await engine({ PREVIEW_PRICE: "standard" })).prices).toEqual(standardPrices);
    expect((await engine({ PREVIEW_PRICE: "0.5" })).prices).toEqual(pricesAtRate(0.5));
    expect(() => parseConfig({ PREVIEW_PRICE: "cheap" })).toThrow(/PREVIEW_PRICE/);
    expect(() => parseConfig({ PREVIEW_PRICE: "2" })).toThrow(/PREVIEW_PRICE/);
    // Next to a model, the preview engine (for jobs queued before a switch) keeps its own price.
    const both = await createProviderRegistry(
      parseConfig({ IMAGE_PROVIDER: "openai", OPENAI_API_KEY: "sk-test", PREVIEW_PRICE: "free" }),
    );
    expect(both.default.prices).toEqual(standardPrices);
    expect(both.get("offline")?.prices).toEqual(pricesAtRate(0));
    // Not offered next to the model, but still there to run jobs queued before the switch.
    expect(both.offered.map((p) => p.id)).toEqual(["openai"]);
    expect(both.offeredById("offline")).toBeUndefined();
  });
});
