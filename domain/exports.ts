import { z } from "zod";
import { exportSelectionSchema, oneSelection, oneSelectionMessage, queryFlag } from "./objects";

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
      .default(256),
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

/** GET /api/objects/svg-sprite.svg: the objects, as for a ZIP; their covers become the symbols. */
export const svgSpriteQuerySchema = exportSelectionSchema
  .omit({ images: true })
  .refine(oneSelection, { message: oneSelectionMessage });
