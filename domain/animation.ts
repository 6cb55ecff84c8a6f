import { z } from "zod";
import { text } from "./text";

export const animationActions = ["idle", "walk", "run", "jump", "attack", "hurt", "die"] as const;
export type AnimationAction = (typeof animationActions)[number];
export const animationFrameCounts = [4, 6, 8, 12] as const;
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
      { error: `Choose ${animationFrameCounts.join(", ")} frames.` },
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

/** GET /api/images/{id}/animation.zip */
export const animationExportSchema = z.object({
  for: z.enum(["aseprite", "texturepacker", "godot", "gif"], {
    error: "Choose aseprite, texturepacker, godot or gif.",
  }),
});
