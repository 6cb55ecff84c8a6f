import { z } from "zod";
import { limits } from "../limits";
import { text } from "./building-blocks";

// Which objects an export takes, as its query says; apart from objects.ts, whose constants every
// signed-in page loads, while only the export dialogs check a selection (docs/decisions/126).

const ONE_SELECTION = "Give exactly one of ids, setId and styleId.";
/** The longest `ids` an export takes: 500 ids of 20 characters, with a comma between each two. */
export const EXPORT_IDS_MAX_LENGTH = limits.exportObjects * 21 - 1;

/** Which objects an export takes: by ids, by set or by style (exactly one), and which of their images. */
export const exportSelectionSchema = z.object({
  // At most 500 ids of 20 characters with their commas: what an address can carry (a request's
  // line and headers together may be 16 KB, and a client may send each comma as %2C).
  ids: text()
    .max(EXPORT_IDS_MAX_LENGTH)
    .transform((s) => s.split(",").filter(Boolean))
    .optional()
    .meta({ description: `Comma-separated object ids (up to ${limits.exportObjects}). ${ONE_SELECTION}` }),
  setId: text()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: `A set: the objects one submission made. ${ONE_SELECTION}` }),
  styleId: text()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: `Every object of a style. ${ONE_SELECTION}` }),
  images: z.enum(["cover", "all"]).default("cover"),
});

/** One way of choosing the objects, not two. */
export const oneSelection = (q: { ids?: string[]; setId?: string; styleId?: string }) =>
  [q.ids?.length, q.setId, q.styleId].filter(Boolean).length === 1;
export const oneSelectionMessage = "Choose objects by ids, setId or styleId.";

/** A query flag: "true" or "1" is on. */
export const queryFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

export const exportQuerySchema = exportSelectionSchema
  .extend({
    /** Also an SVG of each image in a flat style. */
    svg: queryFlag.default(false),
  })
  .refine(oneSelection, { message: oneSelectionMessage });
