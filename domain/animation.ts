import { z } from "zod";
import { modelChoice, text } from "./requests/building-blocks";
import { trimmedTextMeta } from "./text";

export const animationActions = ["idle", "walk", "run", "jump", "attack", "hurt", "die"] as const;
export type AnimationAction = (typeof animationActions)[number];
/** Frames a row: 1 is a still in each direction (a directional sprite), the others animations. */
export const animationFrameCounts = [1, 4, 6, 8, 12] as const;
export const directionCounts = [1, 4, 8] as const;

/** The directions of a set, in sheet rows: south first, then clockwise as seen from above. */
export const directionSets = {
  1: ["s"],
  4: ["s", "e", "n", "w"],
  8: ["s", "se", "e", "ne", "n", "nw", "w", "sw"],
} as const;
export type Direction = (typeof directionSets)[8][number];

/** Frames a second each action plays at by default. */
export const actionSpeeds: Record<AnimationAction, number> = {
  idle: 6,
  walk: 10,
  run: 14,
  jump: 10,
  attack: 12,
  hurt: 10,
  die: 8,
};

/** POST /api/objects/{id}/animation */
export const animationSchema = z.object({
  imageId: text({ error: "Choose an image." }).min(1, "Choose an image.").max(64),
  action: z.enum(animationActions, { error: `Choose an action: ${animationActions.join(", ")}.` }).default("idle"),
  frames: z
    .union(
      animationFrameCounts.map((count) => z.literal(count)),
      { error: "Choose 1 frame (a still in each direction), or 4, 6, 8 or 12." },
    )
    .default(8),
  directions: z
    .union(
      directionCounts.map((count) => z.literal(count)),
      { error: "Choose 1, 4 or 8 directions." },
    )
    .default(1),
  loop: z.boolean().default(true),
  colours: z
    .int("Choose from 2 to 64 colours, or leave it out.")
    .min(2, "Choose from 2 to 64 colours, or leave it out.")
    .max(64, "Choose from 2 to 64 colours, or leave it out.")
    .optional()
    .meta({
      description: "One palette of at most this many colours shared by every frame, so colours do not flicker.",
    }),
});
export type AnimationInput = z.output<typeof animationSchema>;

/** An animation sheet's settings, as kept with it. */
export type AnimationRecord = Omit<AnimationInput, "imageId" | "frames"> & {
  /** Frames a row: as asked, or fewer when a model's run stopped part way or frames were dropped. */
  frames: number;
  /** Drawn by a model: the action's own words, whether the west side is mirrored, the frame images in drawn order. */
  drawn?: AnimationDrawing;
  /** A sheet made from another by reordering or dropping frames: the other's frame at each place. */
  order?: number[];
};
export interface AnimationDrawing {
  words: string | null;
  mirror: boolean;
  /** Each drawn direction's frames in turn (the mirrored directions have none of their own). */
  frameIds: string[];
}

export type AnimationExport = z.output<typeof animationExportSchema>["for"];

/** GET /api/images/{id}/animation.zip */
export const animationExportSchema = z.object({
  for: z.enum(["aseprite", "texturepacker", "godot", "gif", "webp"], {
    error: "Choose aseprite, texturepacker, godot, gif or webp.",
  }),
});

/** The directions mirrored from their opposite when a set allows it, each with the one it mirrors. */
export const mirroredFrom: Partial<Record<Direction, Direction>> = { w: "e", nw: "ne", sw: "se" };

/** The directions a model draws for a set: with `mirror`, the west side is the east side's mirror, free. */
export function drawnDirections(directions: 1 | 4 | 8, mirror: boolean): Direction[] {
  const all = [...directionSets[directions]] as Direction[];
  return mirror ? all.filter((direction) => !mirroredFrom[direction]) : all;
}

/**
 * Where frame `frame` of the row facing `direction` is among a drawn animation's frames (each drawn
 * direction's frames in turn): a mirrored row's frames are its opposite's.
 */
export function drawnCell(
  animation: { directions: 1 | 4 | 8; frames: number; mirror: boolean },
  direction: Direction,
  frame: number,
): number {
  const rows = drawnDirections(animation.directions, animation.mirror);
  const drawnAs = (animation.mirror && mirroredFrom[direction]) || direction;
  return Math.max(0, rows.indexOf(drawnAs)) * animation.frames + frame;
}

/** What an action is asked of a model in words, when the user gives none of their own. */
export const actionWords: Record<AnimationAction, string> = {
  idle: "standing idle, breathing gently",
  walk: "walking",
  run: "running",
  jump: "jumping: crouch, take off, in the air, land",
  attack: "attacking: wind up, strike, follow through",
  hurt: "hit and recoiling in pain",
  die: "collapsing to the ground, defeated",
};

/** How a direction is said to a model. */
export const directionWords: Record<Direction, string> = {
  s: "facing the viewer (south)",
  se: "facing down and to the right (south-east)",
  e: "facing right (east), seen from the side",
  ne: "facing up and to the right, seen from behind (north-east)",
  n: "facing away from the viewer (north), seen from behind",
  nw: "facing up and to the left, seen from behind (north-west)",
  w: "facing left (west), seen from the side",
  sw: "facing down and to the left (south-west)",
};

export const ANIMATION_WORDS_MAX = 200;

/**
 * POST /api/objects/{id}/drawn-animation: the same settings as preview motion, each frame drawn by
 * a model that edits (with the image and the frame before as references), as a paid job.
 */
export const drawnAnimationSchema = animationSchema.extend({
  words: text()
    .transform((words) => words.trim().replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(1, "Say what the action is, or leave the words out.")
        .max(ANIMATION_WORDS_MAX, `Keep the action's words under ${ANIMATION_WORDS_MAX} characters.`),
    )
    .meta(trimmedTextMeta(ANIMATION_WORDS_MAX))
    .optional()
    .meta({
      description: "The action in the user's own words (“swinging a sword overhead”); the action sets the speed.",
    }),
  mirror: z.boolean().default(true).meta({
    description: "Draw the west-facing directions as mirrors of the east-facing ones (fewer frames to pay for).",
  }),
  model: modelChoice.optional(),
});
export type DrawnAnimationInput = z.output<typeof drawnAnimationSchema>;

/** How many frames a drawn animation pays for: frames × the directions drawn (not mirrored). */
export const drawnFrameCount = (input: Pick<DrawnAnimationInput, "frames" | "directions" | "mirror">) =>
  input.frames * drawnDirections(input.directions, input.mirror).length;

/** POST /api/objects/{id}/animation/redraw-frame: one frame of a sheet a model drew, drawn again. */
export const redrawFrameSchema = z.object({
  imageId: text({ error: "Choose an animation." }).min(1, "Choose an animation.").max(64),
  frame: z
    .int("Choose a frame by its number, from 0.")
    .min(0, "Choose a frame by its number, from 0.")
    .max(95, "Choose a frame by its number, from 0.")
    .meta({
      description: "The frame's place in the sheet's drawn frames (`lineage.animation.drawn.frameIds`), from 0.",
    }),
  model: modelChoice.optional(),
});
export type RedrawFrameInput = z.output<typeof redrawFrameSchema>;

const FRAME_ORDER_ERROR = "List the frames to keep, in order, by their numbers from 0: at least two.";

/** POST /api/objects/{id}/animation/frames: a sheet's frames reordered or dropped, as a new sheet. */
export const frameOrderSchema = z.object({
  imageId: text({ error: "Choose an animation." }).min(1, "Choose an animation.").max(64),
  order: z
    .array(z.int(FRAME_ORDER_ERROR).min(0, FRAME_ORDER_ERROR).max(11, FRAME_ORDER_ERROR), { error: FRAME_ORDER_ERROR })
    .min(2, FRAME_ORDER_ERROR)
    .max(24, FRAME_ORDER_ERROR)
    .meta({
      description:
        "The frames of every row in their new order, by their place in the sheet from 0; a frame left out is dropped, one listed twice is held.",
    }),
});
export type FrameOrderInput = z.output<typeof frameOrderSchema>;
