import { z } from "zod";
import { detailValues, imageSizeValues } from "./images";
import { limits } from "./limits";
import { ANIMATION_WORDS_MAX, animationActions } from "./animation";
import { TEXTURE_WORDS_MAX } from "./tiles";
import { OUTPAINT_WORDS_MAX, outpaintModes } from "./outpaint";

/**
 * Job kinds and their parameters. Params are stored as JSON with a version (`v`)
 * and parsed with these schemas when a job runs, never cast: a job stored by an
 * older release still parses, and a malformed one fails cleanly (and is refunded).
 */
export const jobKinds = [
  "style-samples",
  "object-images",
  "variations",
  "edit",
  "upscale",
  "animation",
  "texture",
  "outpaint",
] as const;
export type JobKind = (typeof jobKinds)[number];

/**
 * A job's kind as the API and live events show it: open, since an extension adds kinds of its own
 * (docs/decisions/111). A client treats a kind it does not know as a job like any other.
 */
export const jobKindSchema = z
  .string()
  .min(1)
  .meta({
    description: `What the job makes: ${jobKinds.join(", ")}, or a kind an extension adds (a client treats one it does not know as a job like any other).`,
    examples: [...jobKinds],
  });

export const jobStatuses = ["queued", "running", "succeeded", "failed", "canceled"] as const;
export type JobStatus = (typeof jobStatuses)[number];
export const isActiveStatus = (status: JobStatus) => status === "queued" || status === "running";

const imageSettings = {
  size: z.enum(imageSizeValues),
  detail: z.enum(detailValues),
  transparent: z.boolean(),
};

/** A style's sample images (its anchors). */
export const styleSamplesParams = z.object({
  v: z.literal(1).default(1),
  ...imageSettings,
  subjects: z.array(z.string().min(1)).min(1).max(limits.styleSamples),
});

/** A set: one or more objects, each made `variations` times, in one style. */
export const objectImagesParams = z.object({
  v: z.literal(1),
  ...imageSettings,
  variations: z.number().int().min(1).max(limits.variations),
  prompt: z.string().max(limits.objectPrompt).nullable(),
  objects: z
    .array(z.object({ id: z.string().min(1), name: z.string().min(1) }))
    .min(1)
    .max(limits.subjectsPerSet),
  /** The character drawn as every object, with its strength (domain/training.ts). */
  character: z.object({ id: z.string().min(1), strength: z.number().min(0).max(1.5) }).nullish(),
  /** How strongly the style's (or character's) trained model applies, where it has one on the job's model. */
  learnedStrength: z.number().min(0).max(1.5).nullish(),
});

/**
 * More images of one object, matched to its cover; with `views`, one image of each pose, view or
 * state asked for ("side view", "asleep"), and `count` is how many there are.
 */
export const variationsParams = z.object({
  v: z.literal(1),
  ...imageSettings,
  objectId: z.string().min(1),
  name: z.string().min(1),
  count: z.number().int().min(1).max(limits.objectViews),
  views: z.array(z.string().min(1).max(limits.objectView)).min(1).max(limits.objectViews).optional(),
});

/**
 * One image of an object changed as the words say, from one of its images (the base); with a
 * mask (a PNG of the base's size, as base64, white where to repaint), only that region changes.
 */
export const editParams = z.object({
  v: z.literal(1),
  ...imageSettings,
  objectId: z.string().min(1),
  name: z.string().min(1),
  imageId: z.string().min(1),
  instruction: z.string().min(1).max(limits.editInstruction),
  mask: z.string().min(1).nullable(),
});

/** One of an object's images made `factor` times larger by a model's AI upscaler. */
export const upscaleParams = z.object({
  v: z.literal(1),
  ...imageSettings,
  objectId: z.string().min(1),
  name: z.string().min(1),
  imageId: z.string().min(1),
  factor: z.union([z.literal(2), z.literal(4)]),
});

/**
 * An animation whose frames a model draws, one at a time in order, each an edit of the object's
 * image (`imageId`) with the frame before as a reference; the frames are then aligned into a sheet.
 * With `redo`, only frame `redo.cell` of the sheet `redo.sheetImageId` is drawn again.
 */
export const animationParams = z.object({
  v: z.literal(1),
  ...imageSettings,
  objectId: z.string().min(1),
  name: z.string().min(1),
  imageId: z.string().min(1),
  action: z.enum(animationActions),
  words: z.string().min(1).max(ANIMATION_WORDS_MAX).nullable(),
  frames: z.number().int().min(1).max(12),
  directions: z.union([z.literal(1), z.literal(4), z.literal(8)]),
  mirror: z.boolean(),
  loop: z.boolean(),
  colours: z.number().int().min(2).max(64).nullable(),
  redo: z.object({ sheetImageId: z.string().min(1), cell: z.number().int().min(0) }).nullable(),
});

/** A texture of the object's material (its name, or `words`) a model draws, made to wrap by Motif. */
export const textureParams = z.object({
  v: z.literal(1),
  ...imageSettings,
  objectId: z.string().min(1),
  name: z.string().min(1),
  words: z.string().min(1).max(TEXTURE_WORDS_MAX).nullable(),
});

const sideShare = z.number().min(0).max(1);

/**
 * One of an object's images extended on the sides asked for (`sides`, fractions of its width and
 * height), or given a new background behind its subject (`mode: "background"`), by a model that
 * repaints a masked region; the original's pixels are composited back unchanged.
 */
export const outpaintParams = z.object({
  v: z.literal(1),
  ...imageSettings,
  objectId: z.string().min(1),
  name: z.string().min(1),
  imageId: z.string().min(1),
  mode: z.enum(outpaintModes),
  sides: z.object({ left: sideShare, right: sideShare, top: sideShare, bottom: sideShare }),
  words: z.string().min(1).max(OUTPAINT_WORDS_MAX).nullable(),
});

export const jobParamsSchemas = {
  "style-samples": styleSamplesParams,
  "object-images": objectImagesParams,
  variations: variationsParams,
  edit: editParams,
  upscale: upscaleParams,
  animation: animationParams,
  texture: textureParams,
  outpaint: outpaintParams,
} as const satisfies Record<JobKind, z.ZodType>;

export type JobParams<K extends JobKind> = z.output<(typeof jobParamsSchemas)[K]>;
export type StyleSamplesParams = JobParams<"style-samples">;
export type ObjectImagesParams = JobParams<"object-images">;
export type VariationsParams = JobParams<"variations">;
export type EditParams = JobParams<"edit">;
export type UpscaleParams = JobParams<"upscale">;
export type AnimationParams = JobParams<"animation">;
export type TextureParams = JobParams<"texture">;
export type OutpaintParams = JobParams<"outpaint">;
