import { hexOf } from "#domain/recolour-colours";

const NAMED: Record<string, string> = { black: "#000000", white: "#ffffff" };

/** A paint's colour as an attribute (`fill="#abc"`) or a CSS property (`fill: rgb(1,2,3)`). */
const paint =
  /\b(fill|stroke|stop-color|color)(\s*=\s*["']\s*|\s*:\s*)(#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)|black\b|white\b)/gi;

/** "#abc", "rgb(1, 2, 3)" or "black" as #rrggbb, lower case. */
function normalised(token: string): string {
  const lower = token.toLowerCase();
  if (NAMED[lower]) return NAMED[lower];
  const rgb = /^rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$/.exec(lower);
  if (rgb) {
    const [r, g, b] = rgb.slice(1).map((n) => Math.min(255, Number(n)));
    return hexOf({ r: r!, g: g!, b: b! });
  }
  if (lower.length === 4) return `#${[...lower.slice(1)].map((c) => c + c).join("")}`;
  return lower;
}

/** Shapes that are painted black when nothing gives them a fill. */
const unfilledShape = /<(path|rect|circle|ellipse|polygon|polyline)\b(?![^>]*\bfill\s*=)(?![^>]*style="[^"]*fill\s*:)/;
const rootTag = /<svg\b[^>]*>/;

/** Every colour an SVG paints with, #rrggbb; the default black when a shape has no fill of its own. */
export function svgColours(svg: string): string[] {
  const colours = new Set([...svg.matchAll(paint)].map((m) => normalised(m[3]!)));
  const root = rootTag.exec(svg)?.[0] ?? "";
  if (!/\bfill\s*=/.test(root) && unfilledShape.test(svg)) colours.add("#000000");
  return [...colours];
}

/**
 * The SVG with each colour it paints with replaced by its new one (`mapping`, from svgColours'
 * colours); shapes that had no fill and were black get the new colour of black from the root.
 */
export function recolourSvg(svg: string, mapping: Map<string, string>): string {
  let out = svg.replace(paint, (whole, property: string, joint: string, token: string) => {
    const next = mapping.get(normalised(token));
    return next ? `${property}${joint}${next}` : whole;
  });
  const black = mapping.get("#000000");
  const root = rootTag.exec(out)?.[0];
  if (root && black && !/\bfill\s*=/.test(root) && unfilledShape.test(out))
    out = out.replace(rootTag, (tag) => tag.replace(/^<svg\b/, `<svg fill="${black}"`));
  return out;
}
