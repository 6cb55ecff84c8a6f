import { colourDistance, parseHex, type RGB } from "./key-colour";

/**
 * How far (redmean, 0–765) a traced fill may be from a palette colour and still be taken for it.
 * The tracer averages each colour cluster, so a flat #e76e50 comes back as #e66e50 (distance ≈ 2);
 * 48 takes back drifts of about 15 per channel without pulling a distinct shade onto its neighbour.
 */
export const PALETTE_TOLERANCE = 48;

const hex = (c: RGB) => `#${((1 << 24) | (c.r << 16) | (c.g << 8) | c.b).toString(16).slice(1)}`;

/** The palette colour nearest `colour` within the tolerance, else `colour` itself (both #rrggbb). */
export function nearestPaletteColour(colour: string, palette: readonly string[], tolerance = PALETTE_TOLERANCE) {
  const rgb = parseHex(colour);
  if (!rgb) return colour;
  let best: RGB | null = null;
  let bestDistance = tolerance;
  for (const entry of palette) {
    const candidate = parseHex(entry);
    if (!candidate) continue;
    const distance = colourDistance(rgb, candidate);
    if (distance <= bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return hex(best ?? rgb);
}

/** Every `fill="#rrggbb"` of a traced SVG snapped to the nearest palette colour within the tolerance. */
export function snapFillsToPalette(svg: string, palette: readonly string[]): string {
  if (!palette.length) return svg;
  return svg.replace(
    /\bfill="(#[0-9a-fA-F]{6})"/g,
    (_, colour: string) => `fill="${nearestPaletteColour(colour, palette)}"`,
  );
}

/** Every painted fill made `currentColor`, so the drawing takes the colour of the text around it. */
export function fillsAsCurrentColour(svg: string): string {
  return svg.replace(/\bfill="(?!none"|url\()[^"]*"/g, 'fill="currentColor"');
}
