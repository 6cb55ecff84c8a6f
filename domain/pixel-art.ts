import { z } from "zod";
import { CUSTOM_PALETTE } from "./palette-files";
import { text } from "./requests/building-blocks";

/**
 * The classic palettes pixel art is made in, by name; their colours are in
 * `./classic-palettes.ts`, loaded only where an image is made or its colours are shown.
 */
export const classicPaletteLabels = {
  "pico-8": "PICO-8",
  db32: "DB32",
  "endesga-32": "Endesga 32",
  "game-boy": "Game Boy",
} as const;
export type ClassicPalette = keyof typeof classicPaletteLabels;

/**
 * Where a pixel-art image's colours come from: "image", the N colours that best keep the image's
 * own (chosen from it); "style", its style's palette; one of the classic palettes; or "custom",
 * the colours given (a palette file the person uploaded: domain/palette-files.ts).
 */
export const pixelPaletteChoices = [
  "image",
  "style",
  ...(Object.keys(classicPaletteLabels) as ClassicPalette[]),
  "custom",
] as const;
export type PixelPaletteChoice = (typeof pixelPaletteChoices)[number];

export const pixelPaletteLabels: Record<PixelPaletteChoice, string> = {
  image: "The image's own colours",
  style: "The style's palette",
  custom: "Uploaded palette",
  ...classicPaletteLabels,
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
