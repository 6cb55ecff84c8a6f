import { z } from "zod";
import { exportSelectionSchema, oneSelection, oneSelectionMessage, queryFlag } from "./requests/exports";

/** The square each picture is scaled to fit on a sprite sheet. */
export const spriteFrameSizes = [64, 128, 256, 512] as const;
export const SPRITE_PADDING_MAX = 16;

/** GET /api/objects/sprite-sheet.zip */
export const spriteSheetQuerySchema = exportSelectionSchema
  .extend({
    frameSize: z.coerce
      .number()
      .pipe(
        z.union(
          spriteFrameSizes.map((size) => z.literal(size)),
          { error: "Choose a frame size of 64, 128, 256 or 512." },
        ),
      )
      .default(256)
      .meta({ type: "integer", enum: [...spriteFrameSizes] }),
    padding: z.coerce
      .number()
      .int()
      .min(0)
      .max(SPRITE_PADDING_MAX, `Choose a padding of 0 to ${SPRITE_PADDING_MAX} pixels.`)
      .default(2),
    trim: queryFlag.default(true),
  })
  .refine(oneSelection, { message: oneSelectionMessage });

export type SpriteSheetOptions = Pick<z.output<typeof spriteSheetQuerySchema>, "frameSize" | "padding" | "trim">;

/** GET /api/objects/{id}/app-icons.zip */
export const appIconsQuerySchema = z.object({
  imageId: z.string().min(1).max(64).optional(),
  background: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, "Choose a background colour as #rrggbb.")
    .default("#ffffff"),
});

/** GET /api/objects/svg-sprite.json: which of the objects an SVG sprite can hold. */
export const svgSpritePlanQuerySchema = exportSelectionSchema
  .omit({ images: true })
  .refine(oneSelection, { message: oneSelectionMessage });

/** GET /api/objects/svg-sprite.svg: the objects, as for a ZIP; their covers become the symbols. */
/** One colour: every fill and stroke `currentColor`, so an icon takes the colour of the text around it. */
const singleColour = queryFlag
  .default(false)
  .meta({ description: "Every fill and stroke `currentColor` instead of the palette's colours." });

export const svgSpriteQuerySchema = exportSelectionSchema
  .omit({ images: true })
  .extend({ singleColour })
  .refine(oneSelection, { message: oneSelectionMessage });

/** GET /api/images/{id}/svg */
export const imageSvgQuerySchema = z.object({ singleColour });

/**
 * The header a ZIP of objects says how many image files it holds in (PNGs and SVGs), before the
 * first is written: a reader counts the entries arriving to show how far it is.
 */
export const EXPORT_FILE_COUNT_HEADER = "X-File-Count";

/** The header an SVG sprite's answer says its symbol count in, before the first is traced. */
export const SVG_SPRITE_COUNT_HEADER = "X-Symbol-Count";

/** Which objects an SVG sprite holds (traced from their covers) and which it leaves out, with why. */
export const svgSpritePlanSchema = z.object({
  traced: z.array(z.object({ id: z.string(), name: z.string() })),
  leftOut: z.array(z.object({ id: z.string(), name: z.string(), reason: z.string() })),
});
export type SvgSpritePlan = z.output<typeof svgSpritePlanSchema>;
