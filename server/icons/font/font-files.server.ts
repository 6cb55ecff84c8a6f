// The glyphs as font files: an SVG font handed to svg2ttf (TrueType), then ttf2woff (WOFF) and
// Google's woff2 encoder compiled to WebAssembly (WOFF2), the chain fantasticon and svgtofont use.
import type Ttf2woff from "ttf2woff";
import type Svg2ttf from "svg2ttf";
import { createRequire } from "node:module";
import { onFirstUse } from "../../runtime/on-first-use.server";
import { withoutAddedProcessHandlers } from "./emscripten.server";
import type { FontMetrics } from "./font-metrics";

const svg2ttf = onFirstUse<typeof Svg2ttf>("svg2ttf");
const ttf2woff = onFirstUse<typeof Ttf2woff>("ttf2woff");

export interface OutlinedGlyph {
  name: string;
  codePoint: number;
  /** Path data in font units, y up. */
  d: string;
}

export interface FontFiles {
  ttf: Buffer;
  woff: Buffer;
  woff2: Buffer;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The SVG font svg2ttf reads: one glyph per icon, each as wide as the em. */
export function svgFont(family: string, metrics: FontMetrics, glyphs: OutlinedGlyph[]): string {
  const { unitsPerEm, ascent, descent, advance } = metrics;
  const lines = glyphs.map(
    (glyph) =>
      `<glyph glyph-name="${escapeXml(glyph.name)}" unicode="&#x${glyph.codePoint.toString(16)};" ` +
      `horiz-adv-x="${advance}" d="${glyph.d}"/>`,
  );
  return [
    `<?xml version="1.0" standalone="no"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg"><defs>`,
    `<font id="${escapeXml(family)}" horiz-adv-x="${advance}">`,
    `<font-face font-family="${escapeXml(family)}" units-per-em="${unitsPerEm}" ascent="${ascent}" ` +
      `descent="${descent}" font-weight="400" font-style="normal"/>`,
    `<missing-glyph horiz-adv-x="${advance}"/>`,
    ...lines,
    `</font></defs></svg>`,
  ].join("\n");
}

let woff2Encoder: Promise<(ttf: Uint8Array) => Promise<Uint8Array>> | undefined;

function loadWoff2(): Promise<(ttf: Uint8Array) => Promise<Uint8Array>> {
  woff2Encoder ??= withoutAddedProcessHandlers(() => {
    const require = createRequire(import.meta.url);
    return require("wawoff2/compress.js") as (ttf: Uint8Array) => Promise<Uint8Array>;
  });
  return woff2Encoder;
}

/**
 * TrueType, WOFF and WOFF2 from an SVG font. `timestamp` (seconds) is written as the font's
 * creation and change time, so the same icons make the same bytes.
 */
export async function fontFiles(svgFontText: string, description: string, timestamp: number): Promise<FontFiles> {
  const ttf = Buffer.from(svg2ttf()(svgFontText, { ts: timestamp, description, version: "1.0" }).buffer);
  const woff = Buffer.from(ttf2woff()(ttf));
  const compress = await loadWoff2();
  const woff2 = Buffer.from(await compress(ttf));
  return { ttf, woff, woff2 };
}
