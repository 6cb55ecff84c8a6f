/**
 * The background colour a provider without transparency is asked to paint, so the
 * matte can take it out again: the candidate farthest from every colour the style uses.
 */
export interface RGB {
  r: number;
  g: number;
  b: number;
}

export interface KeyColour {
  name: "green" | "magenta" | "blue";
  /** Upper case, as prompts write it: "#00FF00". */
  hex: string;
  rgb: RGB;
}

/** In order of preference: green is what models paint most reliably flat. */
export const KEY_COLOURS: readonly KeyColour[] = [
  { name: "green", hex: "#00FF00", rgb: { r: 0, g: 255, b: 0 } },
  { name: "magenta", hex: "#FF00FF", rgb: { r: 255, g: 0, b: 255 } },
  { name: "blue", hex: "#0000FF", rgb: { r: 0, g: 0, b: 255 } },
];

/** "#2a9d8f" → RGB; null for anything else. */
export function parseHex(hex: string): RGB | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const n = parseInt(match[1]!, 16);
  return { r: n >> 16, g: (n >> 8) & 255, b: n & 255 };
}

/** "Redmean" distance: RGB weighted the way eyes weigh it, cheap and good enough to rank. */
export function colourDistance(a: RGB, b: RGB): number {
  const mean = (a.r + b.r) / 2;
  const dr = a.r - b.r;
  const dg = a.g - b.g;
  const db = a.b - b.b;
  return Math.sqrt((2 + mean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean) / 256) * db * db);
}

/** The key colour whose nearest palette colour is farthest away (green for an empty palette). */
export function keyColourFor(palette: string[]): KeyColour {
  const colours = palette.map(parseHex).filter((c): c is RGB => c !== null);
  let best = KEY_COLOURS[0]!;
  let bestGap = -1;
  for (const key of KEY_COLOURS) {
    const gap = colours.length ? Math.min(...colours.map((c) => colourDistance(c, key.rgb))) : Infinity;
    // Strictly greater: on a tie the earlier (preferred) key stays.
    if (gap > bestGap) {
      best = key;
      bestGap = gap;
    }
  }
  return best;
}

/** The prompt sentence asking for the key background (it replaces the "transparent background" one). */
export function keyColourInstruction(key: KeyColour): string {
  return (
    `Isolated on a solid flat ${key.hex} ${key.name} background filling the whole image, ` +
    `no shadows or gradients on the background, no frame, and no ${key.name} in the subject itself.`
  );
}
