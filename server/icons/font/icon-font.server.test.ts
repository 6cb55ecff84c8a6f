import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import { beforeAll, describe, expect, it } from "vitest";
import { buildIconFont, type FontGlyph, type IconFont, IconFontError } from "./icon-font.server";

const require = createRequire(import.meta.url);
type IconSet = { icons: Record<string, { body: string }>; width?: number; height?: number };
const tabler = require("@iconify-json/tabler/icons.json") as IconSet;
const emoji = require("@iconify-json/fluent-emoji-flat/icons.json") as IconSet;

const svg = (body: string, size = 24) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}">${body}</svg>`;

// Line icons (strokes, round caps and joins), a filled emoji on its own 32 grid, and shapes made
// by hand whose outlines are known exactly.
const glyphs: FontGlyph[] = [
  { name: "wallet", svg: svg(tabler.icons.wallet!.body) },
  { name: "home", svg: svg(tabler.icons.home!.body) },
  { name: "apple", svg: svg(emoji.icons["red-apple"]!.body, emoji.width ?? 32) },
  {
    name: "minus",
    svg: svg('<path d="M4 12h16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'),
  },
  {
    name: "ring",
    svg: svg(
      '<path fill="currentColor" fill-rule="evenodd" d="M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0zM6 12a6 6 0 1 0 12 0a6 6 0 1 0-12 0z"/>',
    ),
  },
  {
    name: "moved-square",
    svg: svg('<g transform="translate(10 10)"><rect width="4" height="4" fill="currentColor"/></g>'),
  },
];

const unitsPerEm = 24 * 64;
const ascent = (unitsPerEm * 7) / 8;

/** The code points the stylesheet names, class by class. */
function cssCodePoints(css: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const [, name, hex] of css.matchAll(/\.fi-([a-z0-9-]+)::before \{\s*content: "\\([0-9a-f]+)";/g)) {
    found[name!] = Number.parseInt(hex!, 16);
  }
  return found;
}

/** Twice a contour's signed area from its on-curve points, y up: negative is clockwise. */
function contourAreas(commands: { command: string; args: number[] }[]): number[] {
  const areas: number[] = [];
  let points: number[][] = [];
  const close = () => {
    if (points.length > 2) {
      areas.push(
        points.reduce(
          (sum, [x1, y1], i) =>
            sum + x1! * points[(i + 1) % points.length]![1]! - points[(i + 1) % points.length]![0]! * y1!,
          0,
        ),
      );
    }
    points = [];
  };
  for (const { command, args } of commands) {
    if (command === "moveTo") close();
    if (command !== "closePath") points.push(args.slice(-2));
  }
  close();
  return areas;
}

describe("buildIconFont", () => {
  let font: IconFont;
  beforeAll(async () => {
    font = await buildIconFont({ family: "test-icons", prefix: "fi", grid: 24, glyphs });
  });

  it("writes the three font files, the stylesheet, the cheat sheet and the code points", () => {
    expect(Object.keys(font.files).sort()).toEqual([
      "cheat-sheet.html",
      "code-points.json",
      "fonts/test-icons.ttf",
      "fonts/test-icons.woff",
      "fonts/test-icons.woff2",
      "test-icons.css",
    ]);
    expect(font.codePoints).toEqual(Object.fromEntries(glyphs.map((glyph, i) => [glyph.name, 0xe000 + i])));
    expect(JSON.parse(font.files["code-points.json"]!.toString())).toEqual(font.codePoints);
    const css = font.files["test-icons.css"]!.toString();
    expect(cssCodePoints(css)).toEqual(font.codePoints);
    expect(css).toContain('url("fonts/test-icons.woff2") format("woff2")');
  });

  for (const format of ["ttf", "woff", "woff2"]) {
    it(`holds one glyph per icon at the stylesheet's code point (${format})`, () => {
      const parsed = fontkit.create(font.files[`fonts/test-icons.${format}`]!) as fontkit.Font;
      expect(parsed.unitsPerEm).toBe(unitsPerEm);
      expect(parsed.ascent).toBe(ascent);
      expect(parsed.descent).toBe(ascent - unitsPerEm);
      expect(parsed.numGlyphs).toBe(glyphs.length + 1); // and the missing glyph, first
      const css = cssCodePoints(font.files["test-icons.css"]!.toString());
      const ids = new Set<number>();
      for (const [name, codePoint] of Object.entries(css)) {
        const glyph = parsed.glyphForCodePoint(codePoint);
        expect(glyph.id, name).toBeGreaterThan(0);
        expect(glyph.name).toBe(name);
        expect(glyph.advanceWidth).toBe(unitsPerEm);
        expect(glyph.path.commands.length, name).toBeGreaterThan(0);
        const { minX, minY, maxX, maxY } = glyph.bbox;
        // Inside the icon's em square, an eighth of it under the baseline.
        expect(minX).toBeGreaterThanOrEqual(0);
        expect(maxX).toBeLessThanOrEqual(unitsPerEm);
        expect(minY).toBeGreaterThanOrEqual(ascent - unitsPerEm);
        expect(maxY).toBeLessThanOrEqual(ascent);
        ids.add(glyph.id);
      }
      expect(ids.size).toBe(glyphs.length);
    });
  }

  it("outlines a stroke: the line's glyph covers the stroke's area, round caps included", () => {
    const parsed = fontkit.create(font.files["fonts/test-icons.ttf"]!) as fontkit.Font;
    const { minX, minY, maxX, maxY } = parsed.glyphForCodePoint(font.codePoints.minus!).bbox;
    // From x 3 to 21 and y 11 to 13 on the grid, 64 units each, y up from the baseline.
    expect([minX, minY, maxX, maxY]).toEqual([3 * 64, ascent - 13 * 64, 21 * 64, ascent - 11 * 64]);
    const wallet = parsed.glyphForCodePoint(font.codePoints.wallet!).bbox;
    expect(wallet.maxX - wallet.minX).toBeGreaterThan(14 * 64);
    expect(wallet.maxY - wallet.minY).toBeGreaterThan(14 * 64);
  });

  it("keeps an even-odd hole as a contour turning against its outer one", () => {
    const parsed = fontkit.create(font.files["fonts/test-icons.ttf"]!) as fontkit.Font;
    const areas = contourAreas(parsed.glyphForCodePoint(font.codePoints.ring!).path.commands);
    expect(areas).toHaveLength(2);
    expect(Math.sign(areas[0]!)).toBe(-Math.sign(areas[1]!));
  });

  it("applies transforms", () => {
    const parsed = fontkit.create(font.files["fonts/test-icons.ttf"]!) as fontkit.Font;
    const { minX, minY, maxX, maxY } = parsed.glyphForCodePoint(font.codePoints["moved-square"]!).bbox;
    expect([minX, minY, maxX, maxY]).toEqual([10 * 64, ascent - 14 * 64, 14 * 64, ascent - 10 * 64]);
  });

  it("lists every icon in the cheat sheet with its class and code point", () => {
    const html = font.files["cheat-sheet.html"]!.toString();
    for (const [name, codePoint] of Object.entries(font.codePoints)) {
      expect(html).toContain(`data-icon="${name}"`);
      expect(html).toContain(`class="fi fi-${name}"`);
      expect(html).toContain(`U+${codePoint.toString(16).toUpperCase()}`);
    }
    expect(html).not.toMatch(/(?:src|href)="https?:/);
  });

  it("makes the same bytes from the same icons", async () => {
    const again = await buildIconFont({ family: "test-icons", prefix: "fi", grid: 24, glyphs });
    expect(again.files["fonts/test-icons.woff2"]!.equals(font.files["fonts/test-icons.woff2"]!)).toBe(true);
  });
});

describe("buildIconFont refuses input it cannot take, naming the field", () => {
  const base = { family: "test-icons", prefix: "fi", grid: 24, glyphs: glyphs.slice(3, 4) };
  it.each([
    [{ grid: 12 }, "grid"],
    [{ prefix: "3d" }, "prefix"],
    [{ family: "../fonts" }, "family"],
    [{ startCodePoint: 0x41 }, "startCodePoint"],
    [{ glyphs: [] }, "glyphs"],
    [{ glyphs: [glyphs[3]!, glyphs[3]!] }, "glyphs[1].name"],
    [{ glyphs: [{ name: "Bad Name", svg: glyphs[3]!.svg }] }, "glyphs[0].name"],
    [{ glyphs: [{ name: "empty", svg: svg('<path d="M4 4h8" fill="none"/>') }] }, "glyphs[0].svg"],
    [{ glyphs: [{ name: "broken", svg: "<p>not an svg</p>" }] }, "glyphs[0].svg"],
  ])("%o → %s", async (change, field) => {
    const error = await buildIconFont({ ...base, ...change }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IconFontError);
    expect((error as IconFontError).field).toBe(field);
  });
});
