import { z } from "zod";
import { modelChoice, text } from "./requests/building-blocks";
import { trimmedTextMeta } from "./text";

/**
 * "extend": the canvas made larger on the sides asked for, the new space painted by a model to
 * continue the picture. "background": what lies behind the subject of an image with a transparent
 * or plain background painted anew, as the words say.
 */
export const outpaintModes = ["extend", "background"] as const;
export type OutpaintMode = (typeof outpaintModes)[number];

/** The amounts the page offers a side: a quarter, a half, or the whole of the image's width or height. */
export const outpaintAmounts = [0.25, 0.5, 1] as const;
export const OUTPAINT_WORDS_MAX = 200;

/** How far each side is extended, as a fraction of the image's width (left, right) or height (top, bottom). */
export interface OutpaintSides {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
export const sideNames = ["left", "right", "top", "bottom"] as const satisfies readonly (keyof OutpaintSides)[];

const side = (name: (typeof sideNames)[number]) => {
  const of = name === "left" || name === "right" ? "width" : "height";
  const message = `Extend the ${name} side by 0 to 1 (100 %) of the image's ${of}.`;
  return z
    .number({ error: message })
    .min(0, message)
    .max(1, message)
    .default(0)
    .meta({ description: `How far to extend the ${name} side, as a fraction of the image's ${of} (0.5: half of it).` });
};

const sidesSchema = z
  .object({ left: side("left"), right: side("right"), top: side("top"), bottom: side("bottom") })
  .meta({ description: "How far to extend each side (mode extend); a side left out is not extended." });

/** "left +50 %", "all sides +25 %": how an outpainted image was extended, in a few words. */
export function sidesLine(sides: OutpaintSides): string {
  const percent = (share: number) => `+${Math.round(share * 100)} %`;
  const extended = sideNames.filter((name) => sides[name] > 0);
  if (extended.length === 4 && extended.every((name) => sides[name] === sides.left)) {
    return `all sides ${percent(sides.left)}`;
  }
  return extended.map((name) => `${name} ${percent(sides[name])}`).join(", ");
}

/**
 * POST /api/objects/{id}/outpaint: one of an object's images extended on the sides asked for, or
 * given a new background behind its subject, by a model that repaints a masked region; the
 * original's pixels are kept exactly.
 */
export const outpaintSchema = z.object({
  imageId: text({ error: "Choose an image." }).min(1, "Choose an image.").max(64),
  mode: z.enum(outpaintModes, { error: "Choose extend or background." }).default("extend").meta({
    description:
      "extend: a larger canvas, the new space painted to continue the picture; background: a new background painted behind the subject of an image with a transparent or plain background.",
  }),
  sides: sidesSchema.optional(),
  words: text()
    .transform((words) => words.trim().replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(1, "Say what goes in the new space, or leave the words out.")
        .max(OUTPAINT_WORDS_MAX, `Keep the words under ${OUTPAINT_WORDS_MAX} characters.`),
    )
    .meta(trimmedTextMeta(OUTPAINT_WORDS_MAX))
    .optional()
    .meta({
      description:
        "What is in the new space (“more of the meadow”), optional for extend; the new background (“a misty forest at dawn”), needed for background.",
    }),
  model: modelChoice.optional(),
});
export type OutpaintInput = z.output<typeof outpaintSchema>;

/**
 * The rules across fields the schema cannot state in the document: an extension extends some side,
 * a new background says what it is. The field at fault and why, or null.
 */
export function outpaintRuleProblem(input: Pick<OutpaintInput, "mode" | "sides" | "words">) {
  if (input.mode === "extend" && !sideNames.some((name) => (input.sides?.[name] ?? 0) > 0)) {
    return { field: "sides", message: "Choose at least one side to extend: left, right, top or bottom, above 0." };
  }
  if (input.mode === "background" && !input.words)
    return { field: "words", message: "Say what the new background is." };
  return null;
}

/** The sides of a request, every one given (none for a new background). */
export const sidesOf = (input: Pick<OutpaintInput, "mode" | "sides">): OutpaintSides =>
  input.mode === "background"
    ? { left: 0, right: 0, top: 0, bottom: 0 }
    : {
        left: input.sides?.left ?? 0,
        right: input.sides?.right ?? 0,
        top: input.sides?.top ?? 0,
        bottom: input.sides?.bottom ?? 0,
      };

/** The size an image becomes when extended by `sides` (each side rounded to whole pixels). */
export function extendedSize(size: { width: number; height: number }, sides: OutpaintSides) {
  const pad = {
    left: Math.round(size.width * sides.left),
    right: Math.round(size.width * sides.right),
    top: Math.round(size.height * sides.top),
    bottom: Math.round(size.height * sides.bottom),
  };
  return { pad, width: size.width + pad.left + pad.right, height: size.height + pad.top + pad.bottom };
}
