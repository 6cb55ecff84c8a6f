// An icon set as an icon font: WOFF2, WOFF and TrueType files, a stylesheet with one class per
// icon, a cheat sheet and the code points (docs/decisions/120).
import { cheatSheetHtml } from "./cheat-sheet";
import { fontCss } from "./font-css";
import { fontFiles, type OutlinedGlyph, svgFont } from "./font-files.server";
import { fontMetrics } from "./font-metrics";
import { glyphOutline } from "./glyph-outline.server";
import { loadPathKit } from "./pathkit.server";

export interface FontGlyph {
  /** Kebab-case, unique in the font: the class is `${prefix}-${name}`. */
  name: string;
  /** A single-colour icon SVG, viewBox "0 0 grid grid", painted in currentColor (or none). */
  svg: string;
}

export interface IconFontOptions {
  /** The font's family and its files' names, kebab-case: "finance-icons". */
  family: string;
  /** The CSS class prefix, kebab-case: "fi" gives `.fi` and `.fi-wallet`. */
  prefix: string;
  /** The icons' grid, their viewBox's size: 16, 20, 24 or 32. */
  grid: number;
  /** In code-point order: the first gets `startCodePoint`, the next one more, and so on. */
  glyphs: FontGlyph[];
  /** The first code point, in a Private Use Area: 0xE000 unless given. */
  startCodePoint?: number;
  /** Written into the font as its creation time; fixed unless given, so equal input makes equal bytes. */
  createdAt?: Date;
}

export interface IconFont {
  /**
   * Path in the package → contents: `fonts/${family}.woff2`, `.woff` and `.ttf`,
   * `${family}.css`, `cheat-sheet.html` and `code-points.json`.
   */
  files: Record<string, Buffer>;
  /** Icon name → its code point. */
  codePoints: Record<string, number>;
}

/** Input a font cannot be made from; `field` names which (as "grid" or "glyphs[3].svg"). */
export class IconFontError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "IconFontError";
  }
}

export const ICON_FONT_GRIDS = [16, 20, 24, 32] as const;

const kebab = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The Basic Multilingual Plane's Private Use Area, and the two supplementary ones. */
const privateUseAreas = [
  [0xe000, 0xf8ff],
  [0xf0000, 0xffffd],
  [0x100000, 0x10fffd],
] as const;

/**
 * Builds an icon font from single-colour icon SVGs. Strokes (line icons with round caps and
 * joins) become outlines, fills keep their fill rule and transforms apply; every glyph is one em
 * wide and the icon's square sits an eighth of an em below the baseline, as Font Awesome's do.
 * Each icon gets the next code point from `startCodePoint` in the order given. Server-only (it
 * loads WebAssembly); throws IconFontError naming the field for input it cannot take.
 *
 * @example
 * const font = await buildIconFont({ family: "finance-icons", prefix: "fi", grid: 24, glyphs });
 * font.files["fonts/finance-icons.woff2"]; font.codePoints.wallet; // 0xe000
 */
export async function buildIconFont(options: IconFontOptions): Promise<IconFont> {
  const { family, prefix, grid, glyphs } = options;
  const start = options.startCodePoint ?? 0xe000;
  check(options, start);
  const kit = await loadPathKit();
  const metrics = fontMetrics(grid);
  const codePoints: Record<string, number> = {};
  const outlined: OutlinedGlyph[] = glyphs.map((glyph, index) => {
    let d: string;
    try {
      d = glyphOutline(kit, glyph.svg, grid, metrics).d;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new IconFontError(`glyphs[${index}].svg`, `The icon "${glyph.name}" could not be outlined: ${reason}`);
    }
    if (!d) throw new IconFontError(`glyphs[${index}].svg`, `The icon "${glyph.name}" draws nothing.`);
    codePoints[glyph.name] = start + index;
    return { name: glyph.name, codePoint: start + index, d };
  });
  const timestamp = Math.floor((options.createdAt?.getTime() ?? 0) / 1000);
  const fonts = await fontFiles(svgFont(family, metrics, outlined), `${family} icon font`, timestamp);
  const css = fontCss({ family, prefix, fontsPath: "fonts", codePoints });
  return {
    codePoints,
    files: {
      [`fonts/${family}.woff2`]: fonts.woff2,
      [`fonts/${family}.woff`]: fonts.woff,
      [`fonts/${family}.ttf`]: fonts.ttf,
      [`${family}.css`]: Buffer.from(css),
      "cheat-sheet.html": Buffer.from(cheatSheetHtml({ family, prefix, css, codePoints })),
      "code-points.json": Buffer.from(`${JSON.stringify(codePoints, null, 2)}\n`),
    },
  };
}

function check(options: IconFontOptions, start: number): void {
  const { family, prefix, grid, glyphs } = options;
  if (!kebab.test(family) || family.length > 64) {
    throw new IconFontError("family", "Use lower-case letters and digits joined by single hyphens, at most 64.");
  }
  // A class selector cannot start with a digit: ".3d" is not one.
  if (!kebab.test(prefix) || !/^[a-z]/.test(prefix) || prefix.length > 32) {
    throw new IconFontError(
      "prefix",
      "Start with a letter; use lower-case letters and digits joined by single hyphens, at most 32.",
    );
  }
  if (!(ICON_FONT_GRIDS as readonly number[]).includes(grid)) {
    throw new IconFontError("grid", "Choose a grid of 16, 20, 24 or 32.");
  }
  if (glyphs.length === 0) throw new IconFontError("glyphs", "Give at least one icon.");
  const area = privateUseAreas.find(([first, last]) => start >= first && start <= last);
  if (!Number.isInteger(start) || !area) {
    throw new IconFontError("startCodePoint", "Start in a Private Use Area (U+E000 to U+F8FF).");
  }
  if (start + glyphs.length - 1 > area[1]) {
    throw new IconFontError("glyphs", "There are more icons than code points left in the Private Use Area.");
  }
  const seen = new Set<string>();
  glyphs.forEach((glyph, index) => {
    if (!kebab.test(glyph.name) || glyph.name.length > 100) {
      throw new IconFontError(`glyphs[${index}].name`, `"${glyph.name}" is not a kebab-case name.`);
    }
    if (seen.has(glyph.name)) throw new IconFontError(`glyphs[${index}].name`, `"${glyph.name}" is there twice.`);
    seen.add(glyph.name);
  });
}
