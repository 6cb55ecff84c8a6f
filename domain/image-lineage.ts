import { z } from "zod";
import { limits } from "./limits";
import { modelChoice, text } from "./requests/building-blocks";
import { pixelArtLine, pixelPaletteChoices, type PixelArtInput } from "./pixel-art";
import { autotileKindLabels, autotileKindValues, type TileParams } from "./tiles";
import { animationActions, type AnimationRecord } from "./animation";
import { trimmedTextMeta } from "./text";
import { sidesLine, type OutpaintSides } from "./outpaint";

/** How an image came to be: drawn by a model, or made from another image of the object. */
export const imageOperations = [
  "generated",
  "edited",
  "repainted",
  "background-removed",
  "upscaled",
  "pixelated",
  "tiled",
  "autotiled",
  "animated",
  "outpainted",
  "background",
  "recoloured",
  "normalised",
] as const;
export type ImageOperation = (typeof imageOperations)[number];

export const upscaleFactors = [2, 4] as const;
export type UpscaleFactor = (typeof upscaleFactors)[number];

/**
 * "basic": Motif's own resampling (Lanczos and light sharpening), no AI, free. "model": an AI
 * upscaler of one of the models on offer (fal's, a ComfyUI upscale model), as a paid job.
 */
export const upscaleMethods = ["basic", "model"] as const;
export type UpscaleMethod = (typeof upscaleMethods)[number];

/** What an operation was asked for, kept with the image it made. */
export interface ImageOperationParams {
  factor?: UpscaleFactor;
  method?: UpscaleMethod;
  /** The pose, view or state a generated image was asked for ("side view"), from its object's cover. */
  view?: string;
  /** What an edit or a repaint was asked for in words ("wearing a red scarf"); an outpaint's or a new background's words. */
  instruction?: string;
  /** How far an outpainted image was extended on each side, as fractions of the original's width and height. */
  sides?: OutpaintSides;
  /** The library drawing a person chose for the object, which this image was drawn from at once. */
  drawing?: { set: string; icon: string };
  /** What a pixel-art conversion was asked for (its grid may be "detect": the image shows the grid found). */
  pixelArt?: Omit<PixelArtInput, "imageId">;
  /** A seamless tile's size, or an autotile set's kind and the lower terrain's tile. */
  tile?: TileParams;
  /** An animation's action, frames, directions, loop and shared palette; how a model drew it. */
  animation?: AnimationRecord;
  /** The palette a recoloured image was put in, #rrggbb lower case, as asked. */
  palette?: string[];
  /** The one size, padding and weight a normalised image's set was brought to. */
  normalise?: NormaliseTreatment;
}

/** What one normalise did to the set: the same for every icon in it. */
export const normaliseTreatmentSchema = z
  .object({
    grid: z.number().int().meta({ description: "The viewBox's side." }),
    padding: z.number().meta({ description: "The margin on each side, in grid units." }),
    height: z.number().meta({ description: "The artwork's target height, in grid units, inside the live area." }),
    strokeWidth: z
      .number()
      .nullable()
      .meta({ description: "Every stroke's width, in grid units; null when the set has no strokes (filled shapes)." }),
  })
  .meta({ id: "NormaliseTreatment", description: "The one size, padding and weight a normalised set shares." });
export type NormaliseTreatment = z.output<typeof normaliseTreatmentSchema>;

/** POST /api/objects/{id}/upscale */
export const upscaleImageSchema = z.object({
  imageId: text({ error: "Choose an image." }).min(1, "Choose an image.").max(64),
  factor: z.union(
    upscaleFactors.map((f) => z.literal(f)),
    { error: "Choose ×2 or ×4." },
  ),
});

/** POST /api/objects/{id}/ai-upscale: a larger copy by a model's AI upscaler, as a paid job. */
export const aiUpscaleSchema = upscaleImageSchema.extend({ model: modelChoice.optional() });

export const imageLineageSchema = z
  .object({
    operation: z.enum(imageOperations),
    parentImageId: z.string().nullable().meta({ description: "The image it was made from; null for a generated one." }),
    factor: z.union(upscaleFactors.map((f) => z.literal(f))).nullable(),
    method: z.enum(upscaleMethods).nullable(),
    view: z.string().nullable().meta({ description: "The pose, view or state it was asked for, if any." }),
    instruction: z.string().nullable().meta({
      description:
        "What an edit, a repainted region, an outpaint or a new background was asked for, in words; null for other operations.",
    }),
    sides: z.object({ left: z.number(), right: z.number(), top: z.number(), bottom: z.number() }).nullable().meta({
      description:
        "How far an outpainted image was extended on each side, as fractions of the original's width (left, right) and height (top, bottom); null for other operations.",
    }),
    pixelArt: z
      .object({
        grid: z.number().int().meta({ description: "The native grid's pixels on the longer side." }),
        detected: z.boolean().meta({ description: "The grid was measured from the image it was made from." }),
        palette: z.enum(pixelPaletteChoices),
        colours: z.number().int(),
        outline: z.boolean(),
        customPalette: z
          .array(z.string())
          .nullable()
          .meta({ description: 'The colours of an uploaded palette (`palette: "custom"`); null otherwise.' }),
      })
      .nullable()
      .meta({ description: "How a pixel-art image was made; null for other operations." }),
    tile: z
      .object({
        size: z.number().int().meta({ description: "Each tile's width and height in pixels." }),
        kind: z.enum(["texture", ...autotileKindValues]),
        lowerImageId: z
          .string()
          .nullable()
          .meta({ description: "An autotile set's lower terrain: the seamless tile it was made over." }),
      })
      .nullable()
      .meta({ description: "A seamless tile's size, or an autotile set's kind; null for other operations." }),
    animation: z
      .object({
        action: z.enum(animationActions),
        frames: z.number().int(),
        directions: z.number().int(),
        loop: z.boolean(),
        colours: z.number().int().nullable(),
        cell: z.number().int().meta({ description: "Each frame's width and height in the sheet." }),
        fps: z.number().meta({ description: "Frames a second it plays at." }),
        drawn: z
          .object({
            words: z.string().nullable().meta({ description: "The action in the user's words, if given." }),
            mirror: z.boolean().meta({ description: "The west-facing rows are mirrors of the east-facing ones." }),
            frameIds: z.array(z.string()).meta({
              examples: [["k3v9q2m8x7w1p5r4", "x7w1p5r4k3v9q2m8"]],
              description:
                "The images of the frames a model drew, each drawn direction's in turn: each can be downloaded, or redrawn.",
            }),
          })
          .nullable()
          .meta({ description: "How a model drew its frames; null for preview motion." }),
      })
      .nullable()
      .meta({
        description:
          "An animation sheet's making: a row per direction, a column per frame, each cell `cell` px; null for other operations.",
      }),
    palette: z
      .array(z.string())
      .nullable()
      .meta({
        examples: [["#1b4965", "#5fa8d3", "#cae9ff"]],
        description: "The palette a recoloured image was put in (#rrggbb); null for other operations.",
      }),
    normalise: normaliseTreatmentSchema.nullable().meta({
      description: "The size, padding and weight a normalised image's set was brought to; null for other operations.",
    }),
  })
  .meta({ id: "ImageLineage", description: "How an image was made, and from which image of the same object." });
export type ImageLineage = z.output<typeof imageLineageSchema>;

export const basicUpscaleLabel = "Basic upscale (no AI)";

/** "Upscaled ×4 · Basic upscale (no AI)": what an image was made by, in a few words. */
export function operationLine(
  lineage: Pick<ImageLineage, "operation" | "factor" | "method" | "pixelArt" | "tile" | "animation"> & {
    sides?: ImageLineage["sides"];
  },
): string {
  switch (lineage.operation) {
    case "generated":
      return "Generated";
    case "edited":
      return "Edited";
    case "repainted":
      return "Region repainted";
    case "background-removed":
      return "Background removed";
    case "upscaled":
      return `Upscaled ×${lineage.factor ?? 2}${lineage.method ? ` · ${lineage.method === "model" ? "AI upscaler" : basicUpscaleLabel}` : ""}`;
    case "pixelated":
      return `Pixel art${lineage.pixelArt ? ` · ${pixelArtLine(lineage.pixelArt)}` : ""}`;
    case "tiled":
      return `Seamless tile${lineage.tile ? ` · ${lineage.tile.size} px` : ""}`;
    case "animated":
      return `Animation${lineage.animation ? ` · ${lineage.animation.action} · ${lineage.animation.frames} frames${lineage.animation.directions > 1 ? ` · ${lineage.animation.directions} directions` : ""} · ${lineage.animation.drawn ? "drawn by a model" : "preview motion"}` : ""}`;
    case "outpainted":
      return `Outpainted${lineage.sides ? ` · ${sidesLine(lineage.sides)}` : ""}`;
    case "background":
      return "New background";
    case "recoloured":
      return "Recoloured";
    case "normalised":
      return "Normalised";
    case "autotiled":
      return `Autotile set${lineage.tile && lineage.tile.kind !== "texture" ? ` · ${autotileKindLabels[lineage.tile.kind]}` : ""}`;
  }
}

/** An edit's words: what to change ("wearing a red scarf", "make it night"). */
export const editInstruction = text()
  .transform((words) => words.trim().replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .min(1, "Say what to change.")
      .max(limits.editInstruction, `Keep the words under ${limits.editInstruction} characters.`),
  )
  .meta(trimmedTextMeta(limits.editInstruction));

/**
 * POST /api/objects/{id}/edit: a new image of the object from one of its images, changed as the
 * words say; with a mask, only the painted region is drawn again.
 */
export const editImageSchema = z.object({
  imageId: text({ error: "Choose an image." }).min(1, "Choose an image.").max(64),
  instruction: editInstruction,
  mask: z
    .string()
    .max(limits.editMaskBase64, "The painted region is too large to send; paint a smaller area or use a smaller image.")
    .regex(/^(data:image\/png;base64,)?[A-Za-z0-9+/]+={0,2}$/, "The painted region must be a PNG, as base64.")
    .optional()
    .meta({
      description:
        "The region to repaint: a PNG of the image's exact size, as base64 (a data: URL is accepted). Opaque light pixels mark the region; transparent or black pixels are kept as they are.",
    }),
  model: modelChoice.optional(),
});
export type EditImageInput = z.output<typeof editImageSchema>;
