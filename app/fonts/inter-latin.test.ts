import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { withoutAddedProcessHandlers } from "#server/icons/font/emscripten.server";

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

/** Each face's file name (without .woff2) and unicode-range, as a stylesheet declares them. */
function faces(css: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, body] of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const file = /url\(["']?[^)"']*?([\w-]+)\.woff2/.exec(body!)![1]!;
    const range = /unicode-range:\s*([^;]+);/.exec(body!)![1]!.replace(/\s+/g, "");
    found.set(file, range);
  }
  return found;
}

/** Whether a unicode-range ("U+0000-00FF,U+0131,…") holds a code point. */
function inRange(range: string, code: number): boolean {
  return range.split(",").some((part) => {
    const [from, to = from] = part.slice(2).split("-");
    return code >= parseInt(from!, 16) && code <= parseInt(to!, 16);
  });
}

describe("Inter's Latin face", () => {
  it("varies from 400 to 700, the weights the app draws, starting at 400", () => {
    expect(ours.variationAxes.wght).toMatchObject({ min: 400, default: 400, max: 700 });
  });

  it("draws every character the package's Latin face is used for, with the same widths", () => {
    const range = faces(packageCss).get("inter-latin-wght-normal")!;
    const usedFor = theirs.characterSet.filter((code) => inRange(range, code));
    expect(usedFor.length).toBeGreaterThan(200);
    expect(usedFor.filter((code) => !ours.hasGlyphForCodePoint(code))).toEqual([]);
    const text = "Motif — 1,234 styles × 8 objects: “Flat icon” €5 ½";
    for (const weight of [400, 500, 600, 700]) {
      const width = (font: fontkit.Font) => font.getVariation({ wght: weight }).layout(text).advanceWidth;
      // Narrowing the axis rounds its deltas again: a unit of the em's 2048 a glyph at most.
      expect(Math.abs(width(ours) - width(theirs)), `at weight ${weight}`).toBeLessThanOrEqual(text.length);
    }
  });

  it("is declared for the same characters as the package declares it, beside its other faces", () => {
    const declared = faces(ourCss);
    const packageFaces = faces(packageCss);
    expect(declared.get("inter-latin-wght-400-700")).toBe(packageFaces.get("inter-latin-wght-normal"));
    packageFaces.delete("inter-latin-wght-normal");
    declared.delete("inter-latin-wght-400-700");
    expect(declared).toEqual(packageFaces);
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
