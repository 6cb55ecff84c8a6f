/**
 * Built-in starting points. Choosing one on the styles page copies it into the user's
 * own library, where its sample images are made by the configured provider like any
 * style. Choosing one in the composer (`styleId: "preset:<id>"`) makes the user's own
 * style from it the first time, without samples, and generates in that.
 */
export interface StylePreset {
  id: string;
  name: string;
  description: string;
  /** What its card shows: the style's own first samples, drawn by the preview engine (server/styles/preset-cards.server.ts). */
  previews: { src: string; subject: string }[];
  /** Hard-edged pixels: its card images are made smaller pixel by pixel and kept lossless. */
  crisp?: boolean;
}

/** The card images' width and height in pixels: twice the 128 CSS pixels a card shows them at. */
export const PRESET_CARD_PX = 256;

export const presetSubjects = [
  { id: "chest", subject: "Treasure chest" },
  { id: "potion", subject: "Potion" },
  { id: "sword", subject: "Sword" },
  { id: "mushroom", subject: "Mushroom" },
];

const previews = (style: string) =>
  presetSubjects.map((s) => ({ src: `/preset-cards/${style}/${s.id}.webp`, subject: s.subject }));

export const stylePresets: StylePreset[] = [
  {
    id: "flat",
    name: "Flat icon",
    description:
      "Flat vector icons: bold simple shapes, two-tone shading lit from the top left, no outlines, warm amber and deep teal on a soft cream rounded square",
    previews: previews("flat"),
  },
  {
    id: "pixel",
    name: "Pixel art",
    description:
      "Retro 32×32 pixel art sprites: crisp one-pixel dark outline, limited saturated 8-colour palette, highlights top left, shading bottom right, no anti-aliasing",
    previews: previews("pixel"),
    crisp: true,
  },
  {
    id: "line",
    name: "Line art",
    description:
      "Monoline line art: one even navy stroke with round caps and joins, a single coral accent fill, lots of white space, standing on a short broken ground line",
    previews: previews("line"),
  },
];

export const PRESET_STYLE_PREFIX = "preset:";

/** The preset a composer style id names ("preset:pixel"), if any. */
export function presetFromStyleId(styleId: string): StylePreset | undefined {
  if (!styleId.startsWith(PRESET_STYLE_PREFIX)) return undefined;
  const id = styleId.slice(PRESET_STYLE_PREFIX.length);
  return stylePresets.find((p) => p.id === id);
}

/** The preset a style was made from, known by its words: a style keeps a preset's look while it keeps its description. */
export function presetOfDescription(description: string): StylePreset | undefined {
  return stylePresets.find((preset) => preset.description === description.trim());
}

/** The subjects a style's samples show: a preset's card subjects while it is the preset, else the usual four. */
export function sampleSubjectsFor(description: string, usual: readonly string[]): string[] {
  return presetOfDescription(description) ? presetSubjects.map((s) => s.subject) : [...usual];
}
