import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test, type Locator } from "@playwright/test";
import sharp from "sharp";
import { buildIconFont, type FontGlyph } from "../../server/icons/font/icon-font.server";

// The icon font's cheat sheet, opened from a folder as a developer would open it: every glyph
// shows, where the icon's own SVG has ink, in light and in dark. It needs no app instance.

const require = createRequire(import.meta.url);
const tabler = require("@iconify-json/tabler/icons.json") as { icons: Record<string, { body: string }> };
const names = [
  "wallet",
  "home",
  "heart",
  "star",
  "search",
  "settings",
  "user",
  "bell",
  "mail",
  "lock",
  "trash",
  "cloud",
];
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${body}</svg>`;
const glyphs: FontGlyph[] = [
  ...names.map((name) => ({ name, svg: svg(tabler.icons[name]!.body) })),
  {
    name: "ring",
    svg: svg(
      '<path fill-rule="evenodd" d="M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0zM6 12a6 6 0 1 0 12 0a6 6 0 1 0-12 0z"/>',
    ),
  },
];
const size = 48; // the cheat sheet's glyph size, in CSS pixels

/** Which of a size × size image's pixels have ink: dark on light, or light on dark. */
async function inkOf(png: Buffer, darkInk: boolean): Promise<boolean[]> {
  const { data } = await sharp(png)
    .resize(size, size, { fit: "fill" })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data].map((value) => (darkInk ? value < 128 : value > 128));
}

/** Where the icon's SVG, drawn at the same size, has ink. */
async function expectedInk(iconSvg: string): Promise<boolean[]> {
  const { data } = await sharp(Buffer.from(iconSvg), { density: (72 * size) / 24 })
    .resize(size, size)
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return [...data].map((alpha) => alpha > 127);
}

/** Intersection over union of two ink masks. */
function overlap(a: boolean[], b: boolean[]): number {
  let both = 0;
  let either = 0;
  a.forEach((value, i) => {
    if (value && b[i]) both++;
    if (value || b[i]) either++;
  });
  return either === 0 ? 0 : both / either;
}

let folder: string;

test.beforeAll(async () => {
  const font = await buildIconFont({ family: "e2e-icons", prefix: "ei", grid: 24, glyphs });
  folder = mkdtempSync(path.join(os.tmpdir(), "motif-icon-font-"));
  mkdirSync(path.join(folder, "fonts"));
  for (const [file, contents] of Object.entries(font.files)) writeFileSync(path.join(folder, file), contents);
});

test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

for (const colorScheme of ["light", "dark"] as const) {
  test(`the cheat sheet shows every glyph where its icon has ink (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto(pathToFileURL(path.join(folder, "cheat-sheet.html")).href);
    await expect.poll(() => page.evaluate(() => document.fonts.check('48px "e2e-icons"'))).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    const cells = page.locator(".cell");
    await expect(cells).toHaveCount(glyphs.length);
    for (const glyph of glyphs) {
      const icon: Locator = page.locator(`.cell[data-icon="${glyph.name}"] i`);
      await expect(icon).toBeVisible();
      const box = (await icon.boundingBox())!;
      // line-height 1: the element is the em square, as the icon's viewBox is.
      expect(Math.round(box.width)).toBe(size);
      expect(Math.round(box.height)).toBe(size);
      const shown = await inkOf(await icon.screenshot(), colorScheme === "light");
      const inked = shown.filter(Boolean).length;
      expect(inked, `${glyph.name} shows ink`).toBeGreaterThan(size * 2);
      expect(overlap(shown, await expectedInk(glyph.svg)), `${glyph.name} matches its SVG`).toBeGreaterThan(0.75);
    }
  });
}
