import { z } from "zod";
import { text } from "./text";

/** How an image came to be: drawn by a model, or made from another image of the object. */
export const imageOperations = ["generated", "background-removed", "upscaled"] as const;
export type ImageOperation = (typeof imageOperations)[number];

export const upscaleFactors = [2, 4] as const;
export type UpscaleFactor = (typeof upscaleFactors)[number];

/** "basic": Motif's own resampling (Lanczos and light sharpening), no AI, free. */
export const upscaleMethods = ["basic"] as const;
export type UpscaleMethod = (typeof upscaleMethods)[number];

/** What an operation was asked for, kept with the image it made. */
export interface ImageOperationParams {
  factor?: UpscaleFactor;
  method?: UpscaleMethod;
  /** The pose, view or state a generated image was asked for ("side view"), from its object's cover. */
  view?: string;
}

/** POST /api/objects/{id}/upscale */
export const upscaleImageSchema = z.object({
  imageId: text({ error: "Choose an image." }).min(1, "Choose an image.").max(64),
  factor: z.union(
    upscaleFactors.map((f) => z.literal(f)),
    { error: "Choose ×2 or ×4." },
  ),
});

export const imageLineageSchema = z
  .object({
    operation: z.enum(imageOperations),
    parentImageId: z.string().nullable().meta({ description: "The image it was made from; null for a generated one." }),
    factor: z.union(upscaleFactors.map((f) => z.literal(f))).nullable(),
    method: z.enum(upscaleMethods).nullable(),
    view: z.string().nullable().meta({ description: "The pose, view or state it was asked for, if any." }),
  })
  .meta({ id: "ImageLineage", description: "How an image was made, and from which image of the same object." });
export type ImageLineage = z.output<typeof imageLineageSchema>;

export const basicUpscaleLabel = "Basic upscale (no AI)";

/** "Upscaled ×4 · Basic upscale (no AI)": what an image was made by, in a few words. */
export function operationLine(lineage: Pick<ImageLineage, "operation" | "factor" | "method">): string {
  switch (lineage.operation) {
    case "generated":
      return "Generated";
    case "background-removed":
      return "Background removed";
    case "upscaled":
      return `Upscaled ×${lineage.factor ?? 2}${lineage.method === "basic" ? ` · ${basicUpscaleLabel}` : ""}`;
  }
}
