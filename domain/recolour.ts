import { z } from "zod";
import { objectImageViewSchema } from "./objects";
import { PALETTE_MAX, paletteColourSchema } from "./styles";
import { text } from "./requests/building-blocks";

/** Objects one recolour takes at once: it is done while the request waits. */
export const RECOLOUR_MAX_OBJECTS = 100;
export const RECOLOUR_MIN_COLOURS = 2;

/** JSON Schemas matching a body with both fields of a pair (each named in `properties` too, as linters ask). */
const bothOf = (...pairs: [string, string][]) =>
  pairs.map((pair) => ({ required: pair, properties: Object.fromEntries(pair.map((field) => [field, {}])) }));

const chooseOnce = "Choose the objects by ids, setId or styleId: exactly one of them.";

/** POST /api/objects/recolour: a set, a selection or a style's objects in another palette, at once and free. */
export const recolourObjectsSchema = z
  .object({
    palette: z
      .array(paletteColourSchema, { error: "Give the new palette as a list of colours like #2a9d8f." })
      .min(RECOLOUR_MIN_COLOURS, `Give at least ${RECOLOUR_MIN_COLOURS} colours.`)
      .max(PALETTE_MAX, `Use at most ${PALETTE_MAX} colours.`)
      .refine((colours) => new Set(colours).size === colours.length, "Give each colour once.")
      .meta({
        uniqueItems: true,
        examples: [["#1b4965", "#5fa8d3", "#cae9ff"]],
        description: `The new palette: ${RECOLOUR_MIN_COLOURS} to ${PALETTE_MAX} colours as #rrggbb. The images' colours are ranked by lightness and given the palette's in the same order: the darkest takes its darkest.`,
      }),
    ids: z
      .array(text().min(1).max(64))
      .min(1, "Choose at least one object.")
      .max(RECOLOUR_MAX_OBJECTS, `Recolour at most ${RECOLOUR_MAX_OBJECTS} objects at once.`)
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
  })
  .superRefine((input, context) => {
    const given = [input.ids, input.setId, input.styleId].filter((v) => v !== undefined).length;
    if (given !== 1) context.addIssue({ code: "custom", path: ["ids"], message: chooseOnce });
  })
  // The document says what the refinement checks: the palette and exactly one way of choosing.
  .meta({
    minProperties: 2,
    not: { anyOf: bothOf(["ids", "setId"], ["ids", "styleId"], ["setId", "styleId"]) },
    example: { palette: ["#1b4965", "#5fa8d3", "#cae9ff"], setId: "k3v9q2m8x7w1p5r4" },
  });
export type RecolourObjectsInput = z.output<typeof recolourObjectsSchema>;

export const recolourObjectsReply = z
  .object({
    recoloured: z
      .array(
        z.object({
          objectId: z.string(),
          image: objectImageViewSchema,
          existing: z.boolean().meta({ description: "It was put in this palette before: the image made then." }),
        }),
      )
      .meta({ description: "Each object's new cover, in the new palette." }),
    skipped: z
      .array(z.string())
      .meta({ description: "The objects that have no image yet, so nothing was recoloured." }),
  })
  .meta({ id: "RecolourObjectsReply" });
export type RecolourObjectsReply = z.output<typeof recolourObjectsReply>;
