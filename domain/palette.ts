import { coloursIn, DEFAULT_PALETTE, shade } from "./colour-words";

/** Pink, mint, lavender and butter, with a deep plum for lines and shade. */
const PASTEL_PALETTE = ["#f6c5d0", "#b8e0d2", "#d6c6f0", "#fbe7a1", "#6c5b7b"];

/**
 * Words that name a kind of palette rather than one colour ("a warm earthy palette"), with the
 * colours each means; the first that a description uses wins, so "warm earthy" is earthy.
 */
const paletteKinds: [RegExp, string[]][] = [
  // Terracotta, olive, tan, umber and sand.
  [/\bearth(y|en|[ -]tones?)\b/i, ["#c26a3d", "#8a9a5b", "#d4a373", "#6b4226", "#e9d8a6"]],
  // Orange, coral, gold, brick and cream.
  [/\bwarm\b/i, ["#f4a261", "#e76f51", "#e9c46a", "#9c3d2e", "#fff1d6"]],
  // Sky, teal, periwinkle, deep blue and ice.
  [/\bcool\b/i, ["#5fa8d3", "#3fb8af", "#9d8df1", "#1b4965", "#cae9ff"]],
  // Hot pink, cyan, lime, violet and yellow.
  [/\b(neon|vibrant|vivid)\b/i, ["#ff2e88", "#00d5ff", "#a3f03b", "#7c3aed", "#ffd60a"]],
  [
    /\b(monochrome|greyscale|grayscale|black[ -]and[ -]white)\b/i,
    ["#111827", "#4b5563", "#9ca3af", "#e5e7eb", "#ffffff"],
  ],
];

/**
 * A palette for a style described in words: the colours it names (with their
 * modifiers: "muted sage", "dark navy"), then lighter and darker shades of those; a
 * style that names none gets the colours of the kind of palette it names ("earthy",
 * "cool", "neon"), else the default palette, never colours made up from its text.
 */
export function paletteFromDescription(description: string, size = 5): string[] {
  const named = coloursIn(description).slice(0, size);
  if (named.length === 0) {
    const kind = paletteKinds.find(([words]) => words.test(description));
    return (kind?.[1] ?? DEFAULT_PALETTE).slice(0, size);
  }
  // "Pastel" alone names a kind of palette, not one colour: soft colours of several hues.
  if (named.length === 1 && named[0] === coloursIn("pastel")[0]) return PASTEL_PALETTE.slice(0, size);
  const palette = [...named];
  for (const amount of [-0.45, 0.55, -0.25, 0.3]) {
    for (const colour of named) {
      if (palette.length >= size) return palette;
      const next = shade(colour, amount);
      if (!palette.includes(next)) palette.push(next);
    }
  }
  return palette;
}

/**
 * The palette a style should have after its description changes: the one the new words make,
 * when its palette is still the one its old words made (no one chose its colours since);
 * otherwise null, and the palette stays as chosen.
 */
export function paletteAfterDescription(style: { description: string; palette: string[] }, description: string) {
  const same = (a: string[], b: string[]) =>
    a.map((c) => c.toLowerCase()).join() === b.map((c) => c.toLowerCase()).join();
  if (!same(style.palette, paletteFromDescription(style.description))) return null;
  const next = paletteFromDescription(description);
  return same(next, style.palette) ? null : next;
}
