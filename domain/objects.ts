import { z } from "zod";
import { drawingChoiceSchema } from "./drawings";
import { modelChoice, nameText, text } from "./requests/building-blocks";
import { detailValues, imageSizeValues } from "./images";
import { jobKindSchema, jobStatuses } from "./jobs";
import { imageSignature } from "./image-links";
import { imageLineageSchema } from "./image-lineage";
import { limits } from "./limits";
import { trimmedTextMeta, visibleTrim } from "./text";
import { strengthSchema } from "./training";

/** The subjects typed into the composer: one per line, blank lines and repeats dropped. */
export function parseSubjectLines(text: string): string[] {
  const seen = new Set<string>();
  const subjects: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const subject = visibleTrim(line).replace(/\s+/g, " ");
    const key = subject.toLowerCase();
    if (!subject || seen.has(key)) continue;
    seen.add(key);
    subjects.push(subject);
  }
  return subjects;
}

const objectName = nameText({
  empty: "Give the object a name.",
  max: limits.objectName,
  tooLong: `Keep names to ${limits.objectName} characters.`,
});

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
  /** Size, detail and transparency: the style's own settings when left out. */
  size: z.enum(imageSizeValues, { error: "Choose square, portrait or landscape." }).optional(),
  detail: z.enum(detailValues, { error: "Choose draft, standard or high detail." }).optional(),
  transparent: z.boolean({ error: "Say whether the background is transparent." }).optional(),
  variations: variationCount.default(1),
  /** The model to make them with; the style's default (or the operator's) when left out. */
  model: modelChoice.optional(),
  characterId: text()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: "A character of the workspace drawn as every object, in this style." }),
  characterStrength: strengthSchema.optional().meta({
    description:
      "How closely the character is kept (1 when left out). Approximate on models without a separate character reference.",
  }),
  learnedStrength: strengthSchema.optional().meta({
    description: "The scale of the style's (or character's) trained model, where it has one (1 when left out).",
  }),
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

/** Lists of views a person often wants of one object. */
export const viewPresets = {
  turnaround: { label: "Turnaround", views: ["front view", "three-quarter view", "side view", "back view"] },
  states: { label: "UI states", views: ["idle", "hover", "pressed", "disabled"] },
} as const;

/** POST /api/objects/:id/views: one new image of the object per pose, view or state. */
export const objectViewsRequestSchema = z.object({
  views: z
    .array(
      text()
        .transform((view) => view.trim().replace(/\s+/g, " "))
        .pipe(
          z
            .string()
            .min(1, "Name each view.")
            .max(limits.objectView, `Keep each view under ${limits.objectView} characters.`),
        )
        .meta(trimmedTextMeta(limits.objectView)),
    )
    .min(1, "Name at least one view.")
    .max(limits.objectViews, `Ask for at most ${limits.objectViews} views at a time.`)
    // Repeats dropped, whatever their case; the first spelling kept.
    .transform((views) => views.filter((v, i) => views.findIndex((w) => w.toLowerCase() === v.toLowerCase()) === i)),
  size: z.enum(imageSizeValues).optional(),
  detail: z.enum(detailValues).optional(),
  transparent: z.boolean().optional(),
  model: modelChoice.optional(),
});

/** PATCH /api/objects/:id */
export const updateObjectSchema = z
  .object({ name: objectName.optional(), coverImageId: text().min(1).max(64).optional() })
  .refine((v) => v.name !== undefined || v.coverImageId !== undefined, "Change the name or the cover.")
  // The document says what the refine checks: at least one of the two.
  .meta({ minProperties: 1 });

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

const isoTime = z.string().meta({ format: "date-time" });

export const previewNotesSchema = z
  .object({
    drawn: z.boolean().meta({ description: "False when it drew a labelled placeholder instead." }),
    unknownWords: z.array(z.string()),
  })
  .meta({
    id: "PreviewNotes",
    description: "For the preview engine's images: whether it drew the subject, and the words it did not understand.",
  });
export type PreviewNotes = z.output<typeof previewNotesSchema>;

export const imageCreditSchema = z
  .object({
    icon: z.string().meta({ example: "fox" }),
    library: z.string().meta({ example: "Fluent Emoji Flat" }),
    licence: z.string().meta({ example: "MIT" }),
    licenceUrl: z.string(),
    attribution: z.string().meta({ description: "The credit the licence asks for, to show with the image." }),
  })
  .meta({
    id: "ImageCredit",
    description: "For a preview image redrawn from an open icon library: the icon, its library and licence.",
  });
export type ImageCredit = z.output<typeof imageCreditSchema>;

/** "Fox · Fluent Emoji Flat · MIT": where a preview drawing came from, in one line. */
export function creditLine(credit: ImageCredit): string {
  const name = credit.icon.replace(/-/g, " ");
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} · ${credit.library} · ${credit.licence}`;
}

/** A stored image of an object, as the browser sees it. */
export const objectImageViewSchema = z
  .object({
    id: z.string(),
    url: z
      .string()
      .meta({ description: "The original file: GET it with the same credentials.", example: "/api/images/img_123" }),
    signature: imageSignature,
    width: z.number().int(),
    height: z.number().int(),
    hasAlpha: z.boolean(),
    format: z.string().meta({ example: "png" }),
    vector: z.boolean().meta({
      description: "A vector model drew it: its native SVG (GET url/svg) is the original, the PNG rendered from it.",
    }),
    bytes: z.number().int(),
    seed: z.number().int().nullable(),
    provider: z.string(),
    model: z.string(),
    prompt: z.string(),
    size: z.enum(imageSizeValues),
    detail: z.enum(detailValues),
    transparent: z.boolean(),
    credits: z.number().int(),
    durationMs: z.number().int().nullable(),
    jobId: z.string().nullable(),
    createdAt: isoTime,
    previewNotes: previewNotesSchema.nullable(),
    credit: imageCreditSchema.nullable(),
    lineage: imageLineageSchema,
  })
  .meta({ id: "ObjectImage", description: "A stored image of an object." });
export type ObjectImageView = z.output<typeof objectImageViewSchema>;

/** An object in a list: its cover and how many images it has. */
export const objectSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    style: z.object({ id: z.string(), name: z.string(), defaultModel: z.string().nullable() }).meta({
      description: "Its style; defaultModel is the model its new images are made with unless another is picked.",
    }),
    setId: z.string().meta({ description: "The job that made it with the others of its set." }),
    size: z.enum(imageSizeValues),
    detail: z.enum(detailValues),
    transparent: z.boolean(),
    cover: objectImageViewSchema
      .pick({ id: true, url: true, signature: true, width: true, height: true, hasAlpha: true, provider: true })
      .nullable(),
    imageCount: z.number().int(),
    generating: z.boolean().meta({ description: "An unfinished job is making images of it." }),
    madeBy: z
      .string()
      .nullable()
      .meta({ description: "In a team's workspace: the address of the member who made it; null in your own." }),
    createdAt: isoTime,
    updatedAt: isoTime,
  })
  .meta({ id: "ObjectSummary", description: "An object in a list: its cover and how many images it has." });
export type ObjectSummary = z.output<typeof objectSummarySchema>;

export const objectDetailSchema = objectSummarySchema
  .extend({
    prompt: z.string().nullable(),
    coverImageId: z.string().nullable(),
    drawing: drawingChoiceSchema.nullable().meta({
      description:
        "The library drawing a person chose for its preview images (POST /api/objects/{id}/drawing); null while the preview engine chooses.",
    }),
    images: z.array(objectImageViewSchema),
  })
  .meta({ id: "ObjectDetail", description: "An object with all its images." });
export type ObjectDetail = z.output<typeof objectDetailSchema>;

export const objectPageSchema = z
  .object({
    objects: z.array(objectSummarySchema),
    nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last." }),
  })
  .meta({ id: "ObjectPage" });
export type ObjectPage = z.output<typeof objectPageSchema>;

/** A generation job as the browser sees it, with per-object progress. */
export const jobViewSchema = z
  .object({
    id: z.string(),
    kind: jobKindSchema,
    status: z.enum(jobStatuses),
    title: z.string(),
    styleId: z.string().nullable(),
    provider: z
      .string()
      .meta({ description: "The engine it runs with: the preview engine's jobs are labelled as previews." }),
    modelLabel: z.string().meta({ description: 'The model it runs with, in words ("Gemini gemini-2.5-flash-image").' }),
    step: z
      .object({ step: z.number().int(), steps: z.number().int() })
      .nullable()
      .optional()
      .meta({ description: "Progress within the image being made, for models that report it (a sampler's steps)." }),
    credits: z.number().int().meta({ description: "The credits reserved for it." }),
    refundedCredits: z
      .number()
      .int()
      .meta({ description: "Credits given back (failed, cancelled or refused images)." }),
    error: z.string().nullable(),
    total: z.number().int().meta({ description: "Images it makes." }),
    completed: z.number().int(),
    objects: z.array(
      z.object({ id: z.string(), name: z.string(), completed: z.number().int(), total: z.number().int() }),
    ),
    createdAt: isoTime,
    finishedAt: isoTime.nullable(),
  })
  .meta({ id: "Job", description: "A generation job with per-object progress." });
export type JobView = z.output<typeof jobViewSchema>;
