import { z } from "zod";
import { detailValues, imageSizeValues, type DetailLevel, type ImageSize } from "./images";
import type { JobStatus } from "./jobs";
import { limits } from "./limits";
import { text } from "./text";

/** Form fields arrive as text in multipart bodies. */
const booleanField = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

/** POST /api/styles (multipart, with up to five reference images). */
export const createStyleSchema = z.object({
  name: text().trim().min(1, "Give the style a name.").max(limits.styleName),
  description: text().trim().min(3, "Describe the style in a few words.").max(limits.styleDescription),
  defaultSize: z.enum(imageSizeValues).default("square"),
  defaultDetail: z.enum(detailValues).default("standard"),
  defaultTransparent: booleanField.default(true),
});
export type CreateStyleInput = z.output<typeof createStyleSchema>;

/** PATCH /api/styles/:id */
export const updateStyleSchema = createStyleSchema.partial();

/** A style as the browser sees it (the API's and the loader's shape). */
export interface StyleView {
  id: string;
  name: string;
  source: "text" | "image";
  description: string;
  palette: string[];
  defaultSize: ImageSize;
  defaultDetail: DetailLevel;
  defaultTransparent: boolean;
  /** The built-in preset the composer made this style from, if it did. */
  presetId: string | null;
  createdAt: string;
  anchors: {
    id: string;
    url: string;
    subject: string;
    width: number;
    height: number;
    hasAlpha: boolean;
    /** The stored file's format: "png" or "webp". */
    format: string;
    /** The engine that made it: the preview engine's samples are labelled as previews. */
    provider: string;
  }[];
  references: { id: string; url: string }[];
  job: {
    id: string;
    status: JobStatus;
    error: string | null;
    refunded: boolean;
    credits: number;
    /** What was given back: the images the job did not make. */
    refundedCredits: number;
  } | null;
}

export interface ProviderView {
  id: string;
  model: string;
  label: string;
}
