import { z } from "zod";
import { iconGrids, type IconGrid } from "./icon-packages";
import { normaliseTreatmentSchema } from "./image-lineage";
import { objectImageViewSchema } from "./objects";
import { text } from "./requests/building-blocks";

export { normaliseTreatmentSchema, type NormaliseTreatment } from "./image-lineage";

/** Objects one normalise takes at once: it is done while the request waits. */
export const NORMALISE_MAX_OBJECTS = 100;
/** The grid a normalised set is drawn on unless another is chosen: lucide's and Tabler's. */
export const NORMALISE_DEFAULT_GRID: IconGrid = 24;
/** The thinnest and thickest line weight that can be asked for, in units of a 24 grid. */
export const STROKE_WIDTH_MIN = 0.5;
export const STROKE_WIDTH_MAX = 4;
/** How far each icon's height may stray from the set's (as a fraction), to even out the optical weight of wide and narrow shapes. */
export const OPTICAL_HEIGHT_LEEWAY = 0.035;

const chooseOnce = "Choose the objects by ids, setId or styleId: exactly one of them.";

/** POST /api/objects/normalise: a set, a selection or a style's objects brought to one size, padding, weight and palette. */
export const normaliseObjectsSchema = z
  .object({
    ids: z
      .array(text().min(1).max(64))
      .min(1, "Choose at least one object.")
      .max(NORMALISE_MAX_OBJECTS, `Normalise at most ${NORMALISE_MAX_OBJECTS} objects at once.`)
      .optional()
      .meta({ description: `The chosen objects' ids. ${chooseOnce}` }),
    setId: text()
      .min(1)
      .max(64)
      .optional()
      .meta({ description: `A set: the objects one submission made. ${chooseOnce}` }),
    styleId: text()
      .min(1)
      .max(64)
      .optional()
      .meta({ description: `Every object of a style. ${chooseOnce}` }),
    grid: z
      .union(
        iconGrids.map((size) => z.literal(size)),
        { error: "Choose a grid of 16, 20, 24 or 32." },
      )
      .default(NORMALISE_DEFAULT_GRID)
      .meta({
        type: "integer",
        enum: [...iconGrids],
        description: "The viewBox the normalised SVGs are drawn on (24 unless chosen).",
      }),
    padding: z
      .number({ error: "Give the padding as a number of grid units." })
      .min(0, "The padding cannot be negative.")
      .max(4, "Keep the padding at 4 grid units or less.")
      .optional()
      .meta({ description: "The margin kept clear on each side, in grid units: 1/12 of the grid unless given." }),
    strokeWidth: z
      .number({ error: "Give the stroke width as a number." })
      .min(STROKE_WIDTH_MIN, `Give a stroke width of at least ${STROKE_WIDTH_MIN}.`)
      .max(STROKE_WIDTH_MAX, `Give a stroke width of at most ${STROKE_WIDTH_MAX}.`)
      .optional()
      .meta({
        description: `One line weight for every stroke, in units of a 24 grid (${STROKE_WIDTH_MIN} to ${STROKE_WIDTH_MAX}; scaled to the grid chosen). Unless given, the set's median stroke width, measured.`,
      }),
  })
  .superRefine((input, context) => {
    const given = [input.ids, input.setId, input.styleId].filter((v) => v !== undefined).length;
    if (given !== 1) context.addIssue({ code: "custom", path: ["ids"], message: chooseOnce });
  })
  // The document says what the refinement checks: exactly one way of choosing the objects.
  .meta({
    oneOf: [{ required: ["ids"] }, { required: ["setId"] }, { required: ["styleId"] }],
    example: { setId: "k3v9q2m8x7w1p5r4", grid: 24 },
  });
export type NormaliseObjectsInput = z.output<typeof normaliseObjectsSchema>;

export const normaliseObjectsReply = z
  .object({
    treatment: normaliseTreatmentSchema,
    normalised: z
      .array(
        z.object({
          objectId: z.string(),
          image: objectImageViewSchema,
          existing: z.boolean().meta({ description: "It was normalised the same way before: the image made then." }),
        }),
      )
      .meta({ description: "Each object's new cover: its normalised SVG is the image's original." }),
    skipped: z.array(z.object({ objectId: z.string(), reason: z.string() })).meta({
      description:
        "The objects left as they were: no image yet, or no SVG (a style that is not flat, not drawn as a vector).",
    }),
  })
  .meta({ id: "NormaliseObjectsReply" });
export type NormaliseObjectsReply = z.output<typeof normaliseObjectsReply>;
