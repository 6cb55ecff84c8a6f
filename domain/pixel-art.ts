import { z } from "zod";
import { CUSTOM_PALETTE } from "./palette-files";
import { text } from "./requests/building-blocks";

/**
 * The classic palettes pixel art is made in, colour for colour as their authors published them
 * (lospec.com lists each under the same name).
 */
// prettier-ignore
export const classicPalettes = {
  "pico-8": {
    label: "PICO-8",
    colours: [
      "#000000", "#1d2b53", "#7e2553", "#008751", "#ab5236", "#5f574f", "#c2c3c7", "#fff1e8",
      "#ff004d", "#ffa300", "#ffec27", "#00e436", "#29adff", "#83769c", "#ff77a8", "#ffccaa",
    ],
  },
  db32: {
    label: "DB32",
    colours: [
      "#000000", "#222034", "#45283c", "#663931", "#8f563b", "#df7126", "#d9a066", "#eec39a",
      "#fbf236", "#99e550", "#6abe30", "#37946e", "#4b692f", "#524b24", "#323c39", "#3f3f74",
      "#306082", "#5b6ee1", "#639bff", "#5fcde4", "#cbdbfc", "#ffffff", "#9badb7", "#847e87",
      "#696a6a", "#595652", "#76428a", "#ac3232", "#d95763", "#d77bba", "#8f974a", "#8a6f30",
    ],
  },
  "endesga-32": {
    label: "Endesga 32",
    colours: [
      "#be4a2f", "#d77643", "#ead4aa", "#e4a672", "#b86f50", "#733e39", "#3e2731", "#a22633",
      "#e43b44", "#f77622", "#feae34", "#fee761", "#63c74d", "#3e8948", "#265c42", "#193c3e",
      "#124e89", "#0099db", "#2ce8f5", "#ffffff", "#c0cbdc", "#8b9bb4", "#5a6988", "#3a4466",
      "#262b44", "#181425", "#ff0044", "#68386c", "#b55088", "#f6757a", "#e8b796", "#c28569",
    ],
  },
  "game-boy": { label: "Game Boy", colours: ["#0f380f", "#306230", "#8bac0f", "#9bbc0f"] },
} as const satisfies Record<string, { label: string; colours: readonly string[] }>;
export type ClassicPalette = keyof typeof classicPalettes;

/**
 * Where a pixel-art image's colours come from: "image", the N colours that best keep the image's
 * own (chosen from it); "style", its style's palette; one of the classic palettes; or "custom",
 * the colours given (a palette file the person uploaded: domain/palette-files.ts).
 */
export const pixelPaletteChoices = [
  "image",
  "style",
  ...(Object.keys(classicPalettes) as ClassicPalette[]),
  "custom",
] as const;
export type PixelPaletteChoice = (typeof pixelPaletteChoices)[number];

export const pixelPaletteLabels: Record<PixelPaletteChoice, string> = {
  image: "The image's own colours",
  style: "The style's palette",
  custom: "Uploaded palette",
  ...(Object.fromEntries(Object.entries(classicPalettes).map(([id, p]) => [id, p.label])) as Record<
    ClassicPalette,
    string
  >),
};

/** The native grid's cells on the longer side, and how many colours an "image" palette keeps. */
export const pixelGrid = { min: 16, max: 128, default: 32 } as const;
export const pixelColours = { min: 2, max: 64, default: 16 } as const;
/** Whole-number enlargements a pixel-art image is downloaded at (nearest neighbour). */
export const pixelScales = { min: 1, max: 32 } as const;

const gridMessage = `Choose a grid from ${pixelGrid.min} to ${pixelGrid.max} pixels, or detect it.`;

const customPaletteMessage = `Give the palette as ${CUSTOM_PALETTE.min} to ${CUSTOM_PALETTE.max} colours like #1a1c2c.`;

/** POST /api/objects/{id}/pixel-art */
export const pixelArtSchema = z
  .object({
    imageId: text({ error: "Choose an image." }).min(1, "Choose an image.").max(64),
    grid: z
      .union(
        [z.int(gridMessage).min(pixelGrid.min, gridMessage).max(pixelGrid.max, gridMessage), z.literal("detect")],
        {
          error: gridMessage,
        },
      )
      .default(pixelGrid.default)
      .meta({
        description: `Pixels on the image's longer side (${pixelGrid.min}–${pixelGrid.max}), or "detect" for an image that already looks like pixel art: its grid is measured.`,
      }),
    palette: z
      .enum(pixelPaletteChoices, { error: `Choose a palette: ${pixelPaletteChoices.join(", ")}.` })
      .default("image"),
    colours: z
      .int(`Choose from ${pixelColours.min} to ${pixelColours.max} colours.`)
      .min(pixelColours.min, `Choose from ${pixelColours.min} to ${pixelColours.max} colours.`)
      .max(pixelColours.max, `Choose from ${pixelColours.min} to ${pixelColours.max} colours.`)
      .default(pixelColours.default)
      .meta({ description: "The most colours the result may hold; a palette with fewer keeps its own count." }),
    outline: z
      .boolean()
      .default(false)
      .meta({ description: "A 1-pixel outline around the opaque shape, in the palette's darkest colour." }),
    customPalette: z
      .array(z.string().regex(/^#[0-9a-fA-F]{6}$/, customPaletteMessage), { error: customPaletteMessage })
      .min(CUSTOM_PALETTE.min, customPaletteMessage)
      .max(CUSTOM_PALETTE.max, customPaletteMessage)
      .optional()
      .meta({ description: 'The colours of `palette: "custom"` (a palette file\'s, read by the page), as #rrggbb.' }),
  })
  .refine((input) => input.palette !== "custom" || input.customPalette !== undefined, {
    path: ["customPalette"],
    message: "Upload a palette, or choose another.",
  });
export type PixelArtInput = z.output<typeof pixelArtSchema>;

/** What a pixel-art conversion was asked for, and the grid it was made on (kept with the image). */
export interface PixelArtParams {
  grid: number;
  detected: boolean;
  palette: PixelPaletteChoice;
  colours: number;
  outline: boolean;
}

/** GET /api/images/{id}/scaled?scale=8 */
export const scaledImageQuerySchema = z.object({
  scale: z.coerce
    .number({ error: `Choose a whole-number scale from ${pixelScales.min} to ${pixelScales.max}.` })
    .int(`Choose a whole-number scale from ${pixelScales.min} to ${pixelScales.max}.`)
    .min(pixelScales.min, `Choose a whole-number scale from ${pixelScales.min} to ${pixelScales.max}.`)
    .max(pixelScales.max, `Choose a whole-number scale from ${pixelScales.min} to ${pixelScales.max}.`),
});

/** "32 px · PICO-8 · outline": a pixel-art image's making, in a few words. */
export function pixelArtLine(params: Pick<PixelArtParams, "grid" | "palette" | "colours" | "outline">): string {
  const palette = params.palette === "image" ? `${params.colours} colours` : pixelPaletteLabels[params.palette];
  return [`${params.grid} px`, palette, ...(params.outline ? ["outline"] : [])].join(" · ");
}
