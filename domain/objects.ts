import { z } from "zod";
import { modelChoice } from "./models";
import { detailValues, imageSizeValues, type DetailLevel, type ImageSize } from "./images";
import type { JobKind, JobStatus } from "./jobs";
import { limits } from "./limits";
import { text } from "./text";

/** The subjects typed into the composer: one per line, blank lines and repeats dropped. */
export function parseSubjectLines(text: string): string[] {
  const seen = new Set<string>();
  const subjects: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const subject = line.trim().replace(/\s+/g, " ");
    const key = subject.toLowerCase();
    if (!subject || seen.has(key)) continue;
    seen.add(key);
    subjects.push(subject);
  }
  return subjects;
}

const objectName = text()
  .trim()
  .min(1, "Give the object a name.")
  .max(limits.objectName, `Keep names to ${limits.objectName} characters.`);

const variationCount = z
  .number({ error: `Choose 1 to ${limits.variations} variations.` })
  .int()
  .min(1, `Choose 1 to ${limits.variations} variations.`)
  .max(limits.variations, `Choose 1 to ${limits.variations} variations.`);

/** POST /api/objects */
export const generateObjectsSchema = z.object({
  styleId: text({ error: "Choose a style." }).min(1, "Choose a style.").max(64),
  subjects: z
    .array(objectName, { error: "Name at least one object." })
    .min(1, "Name at least one object.")
    .max(limits.subjectsPerSet, `Name at most ${limits.subjectsPerSet} objects at a time.`),
  prompt: text()
    .trim()
    .max(limits.objectPrompt, `Keep the extra prompt to ${limits.objectPrompt} characters.`)
    .optional()
    .transform((p) => p || undefined),
  size: z.enum(imageSizeValues, { error: "Choose square, portrait or landscape." }),
  detail: z.enum(detailValues, { error: "Choose draft, standard or high detail." }),
  transparent: z.boolean({ error: "Say whether the background is transparent." }),
  variations: variationCount.default(1),
  /** The model to make them with; the style's default (or the operator's) when left out. */
  model: modelChoice.optional(),
});
export type GenerateObjectsInput = z.input<typeof generateObjectsSchema>;

/** POST /api/objects/:id/variations */
export const variationsRequestSchema = z.object({
  count: variationCount,
  size: z.enum(imageSizeValues).optional(),
  detail: z.enum(detailValues).optional(),
  transparent: z.boolean().optional(),
  /** The model to make them with; the one that made the object's cover when left out. */
  model: modelChoice.optional(),
});

/** PATCH /api/objects/:id */
export const updateObjectSchema = z
  .object({ name: objectName.optional(), coverImageId: text().min(1).max(64).optional() })
  .refine((v) => v.name !== undefined || v.coverImageId !== undefined, "Change the name or the cover.");

/** POST /api/objects/:id/remove-background */
export const removeBackgroundSchema = z.object({
  imageId: text({ error: "Choose an image." }).min(1, "Choose an image.").max(64),
});

export const objectSorts = ["newest", "oldest", "name"] as const;
export type ObjectSort = (typeof objectSorts)[number];
export const OBJECTS_PAGE = 24;

/** GET /api/objects */
export const listObjectsQuerySchema = z.object({
  styleId: text().min(1).max(64).optional(),
  /** One set: the objects one submission made (its job's id). */
  setId: text().min(1).max(64).optional(),
  q: text().trim().max(limits.objectName).optional(),
  sort: z.enum(objectSorts).default("newest"),
  cursor: text().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(OBJECTS_PAGE),
});
export type ListObjectsQuery = z.output<typeof listObjectsQuerySchema>;

/** GET /api/objects/export.zip: one of ids, setId or styleId. */
export const exportQuerySchema = z
  .object({
    ids: text()
      .max(limits.exportObjects * 65)
      .transform((s) => s.split(",").filter(Boolean))
      .optional(),
    setId: text().min(1).max(64).optional(),
    styleId: text().min(1).max(64).optional(),
    images: z.enum(["cover", "all"]).default("cover"),
    /** Also an SVG of each image in a flat style. */
    svg: z
      .enum(["true", "false", "1", "0"])
      .transform((v) => v === "true" || v === "1")
      .default(false),
  })
  .refine((q) => [q.ids?.length, q.setId, q.styleId].filter(Boolean).length === 1, {
    message: "Choose objects by ids, setId or styleId.",
  });

/** A stored image of an object, as the browser sees it. */
export interface ObjectImageView {
  id: string;
  url: string;
  width: number;
  height: number;
  hasAlpha: boolean;
  format: string;
  bytes: number;
  seed: number | null;
  provider: string;
  model: string;
  prompt: string;
  size: ImageSize;
  detail: DetailLevel;
  transparent: boolean;
  credits: number;
  durationMs: number | null;
  jobId: string | null;
  createdAt: string;
  /** For the preview engine's images: whether it drew the subject, and the words it did not understand. */
  previewNotes: PreviewNotes | null;
}

export interface PreviewNotes {
  /** False when it drew a labelled placeholder instead. */
  drawn: boolean;
  unknownWords: string[];
}

/** An object in a list: its cover and how many images it has. */
export interface ObjectSummary {
  id: string;
  name: string;
  /** Its style; `defaultModel` is the model its new images are made with unless the user picks another. */
  style: { id: string; name: string; defaultModel: string | null };
  setId: string;
  size: ImageSize;
  detail: DetailLevel;
  transparent: boolean;
  cover: Pick<ObjectImageView, "id" | "url" | "width" | "height" | "hasAlpha" | "provider"> | null;
  imageCount: number;
  /** An unfinished job is making images of it. */
  generating: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ObjectDetail extends ObjectSummary {
  prompt: string | null;
  coverImageId: string | null;
  images: ObjectImageView[];
}

export interface ObjectPage {
  objects: ObjectSummary[];
  nextCursor: string | null;
}

/** A generation job as the browser sees it, with per-object progress. */
export interface JobView {
  id: string;
  kind: JobKind;
  status: JobStatus;
  title: string;
  styleId: string | null;
  /** The engine it runs with: the preview engine's jobs are labelled as previews. */
  provider: string;
  /** The model it runs with, in words ("Gemini gemini-2.5-flash-image"). */
  modelLabel: string;
  /** Progress within the image being made, for models that report it (a sampler's steps). */
  step?: { step: number; steps: number } | null;
  credits: number;
  /** Credits given back (failed, cancelled or refused images). */
  refundedCredits: number;
  error: string | null;
  total: number;
  completed: number;
  objects: { id: string; name: string; completed: number; total: number }[];
  createdAt: string;
  finishedAt: string | null;
}
