import { z } from "zod";
import { text } from "./requests/building-blocks";

/**
 * "Choose another drawing": for an object the preview engine draws, the open-library icon its
 * images redraw, picked by a person from the candidates the engine offers for its subject.
 */

/** One library drawing: the library's id and the icon's name in it. */
export const drawingChoiceSchema = z
  .object({
    set: text({ error: "Choose a drawing." })
      .min(1, "Choose a drawing.")
      .max(64)
      .meta({ description: "The library's id, as the candidates name it.", example: "fluent-emoji-flat" }),
    icon: text({ error: "Choose a drawing." })
      .min(1, "Choose a drawing.")
      .max(128)
      .meta({ description: "The icon's name in that library.", example: "fox" }),
  })
  .meta({ id: "DrawingChoice", description: "A library drawing: its library's id and the icon's name in it." });
export type DrawingChoice = z.output<typeof drawingChoiceSchema>;

export const drawingCandidateSchema = z
  .object({
    set: z.string().meta({ example: "fluent-emoji-flat" }),
    icon: z.string().meta({ example: "fox" }),
    library: z
      .string()
      .meta({ description: "The library's name, as image credits name it.", example: "Fluent Emoji Flat" }),
    svg: z.string().meta({
      description: "The icon redrawn in the style's treatment and palette, as a standalone SVG document.",
      example: '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">…</svg>',
    }),
  })
  .meta({ id: "DrawingCandidate", description: "A drawing the object may be drawn from, as its style would draw it." });
export type DrawingCandidate = z.output<typeof drawingCandidateSchema>;

/** GET /api/objects/{id}/drawings */
export const drawingsReplySchema = z.object({
  current: drawingChoiceSchema.nullable().meta({
    description:
      "The drawing the object is drawn from now: the one chosen, else its cover's; null when neither has one.",
  }),
  candidates: z.array(drawingCandidateSchema).meta({
    description: "About a dozen drawings of its subject from every library, best first; empty when none fits.",
  }),
});
export type DrawingsReply = z.output<typeof drawingsReplySchema>;

/** Said when the object's images were not made by the preview engine. */
export const drawingNotForModels =
  "Choosing a drawing is for images the preview engine made; an AI model draws its own.";

export const sameDrawing = (a: DrawingChoice | null | undefined, b: DrawingChoice | null | undefined) =>
  Boolean(a && b && a.set === b.set && a.icon === b.icon);
