import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { withoutAddedProcessHandlers } from "#server/icons/font/emscripten.server";
import { codePointsOf, fontFaces } from "../../scripts/font-faces.mjs";

// Our Latin face of Inter against the package it is made from. When they disagree after the package
// is updated, write the face again: node scripts/instance-inter-font.mjs (docs/decisions/135).
const require = createRequire(import.meta.url);
const packageCss = readFileSync(require.resolve("@fontsource-variable/inter/index.css"), "utf8");
const ourCss = readFileSync(path.join(import.meta.dirname, "../fonts.css"), "utf8");
// Read as TrueType: fontkit draws a variable WOFF2 font's instances only once decompressed.
const decompress = await withoutAddedProcessHandlers(
  () => require("wawoff2/decompress.js") as (woff2: Uint8Array) => Promise<Uint8Array>,
);
const open = async (file: string) => fontkit.create(Buffer.from(await decompress(readFileSync(file)))) as fontkit.Font;
const ours = await open(path.join(import.meta.dirname, "inter-latin-wght-400-700.woff2"));
const theirs = await open(require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"));

/** A face's descriptors but its source (family, style, weights, characters…), as a stylesheet declares them. */
function descriptorsBesideSource(css: string, file: string): Record<string, string> {
  const body = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)]
    .map(([, rule]) => rule!)
    .find((rule) => rule.includes(file))!;
  const descriptors = [...body.matchAll(/([\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [
    name!,
    value!.replace(/["'\s]/g, ""),
  ]);
  return Object.fromEntries(descriptors.filter(([name]) => name !== "src"));
}

describe("Inter's Latin face", () => {
  it("varies from 400 to 700, the weights the app draws, starting at 400", () => {
    expect(ours.variationAxes.wght).toMatchObject({ min: 400, default: 400, max: 700 });
  });

  it("draws every character the package's Latin face is used for, with the same widths", () => {
    const range = new Set(codePointsOf(fontFaces(packageCss).get("inter-latin-wght-normal")!));
    const usedFor = theirs.characterSet.filter((code) => range.has(code));
    expect(usedFor.length).toBeGreaterThan(200);
    expect(usedFor.filter((code) => !ours.hasGlyphForCodePoint(code))).toEqual([]);
    const text = "Motif — 1,234 styles × 8 objects: “Flat icon” €5 ½";
    for (const weight of [400, 500, 600, 700]) {
      const width = (font: fontkit.Font) => font.getVariation({ wght: weight }).layout(text).advanceWidth;
      // Narrowing the axis rounds its deltas again: a unit of the em's 2048 a glyph at most.
      expect(Math.abs(width(ours) - width(theirs)), `at weight ${weight}`).toBeLessThanOrEqual(text.length);
    }
  });

  it("is declared as the package declares its Latin face, after it, so it takes that face's place", () => {
    const declared = descriptorsBesideSource(ourCss, "inter-latin-wght-400-700.woff2");
    expect(declared).toEqual(descriptorsBesideSource(packageCss, "inter-latin-wght-normal.woff2"));
    const appCss = readFileSync(path.join(import.meta.dirname, "../app.css"), "utf8");
    expect(appCss.indexOf('@import "./fonts.css"')).toBeGreaterThan(
      appCss.indexOf('@import "@fontsource-variable/inter"'),
    );
  });

  it("covers every weight the app's classes ask for", () => {
    const lighterOrHeavier = /\bfont-(thin|extralight|light|extrabold|black|\[\d+\])(?![\w-])/;
    const files = readdirSync(path.join(import.meta.dirname, ".."), { recursive: true, encoding: "utf8" }).filter(
      (file) => /\.(tsx?|css)$/.test(file) && !file.endsWith(".test.ts"),
    );
    const offenders = files.filter((file) =>
      lighterOrHeavier.test(readFileSync(path.join(import.meta.dirname, "..", file), "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
