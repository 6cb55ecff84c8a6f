import { z } from "zod";
import { detailValues, imageSizeValues, type DetailLevel, type ImageSize } from "./images";
import { jobStatuses } from "./jobs";
import { imageSignature } from "./image-links";
import { limits } from "./limits";
import { modelChoice, nameText, text } from "./requests/building-blocks";
import { priceOf, type PriceTable } from "./pricing";
import { textPatterns } from "./text";

/** Form fields arrive as text in multipart bodies. */
const booleanField = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

const DESCRIPTION_MESSAGE = "Describe the style in a few words.";
/** Empty, or a few words: a style made from reference images may leave it out. */
const optionalDescription = text()
  .trim()
  .max(limits.styleDescription)
  .refine((words) => words.length === 0 || words.length >= 3, DESCRIPTION_MESSAGE)
  .meta({ pattern: textPatterns.blankOrThree });

/**
 * POST /api/styles (multipart, with up to five reference images). The description
 * may be left out only when reference images come with it: the server checks that,
 * since the files are not fields.
 */
export const createStyleSchema = z.object({
  name: nameText({ empty: "Give the style a name.", max: limits.styleName }),
  description: optionalDescription.default(""),
  defaultSize: z.enum(imageSizeValues).default("square"),
  defaultDetail: z.enum(detailValues).default("standard"),
  defaultTransparent: booleanField.default(true),
  /** The model its samples are made with, and its later generations by default. */
  defaultModel: modelChoice.optional(),
});
export type CreateStyleInput = z.output<typeof createStyleSchema>;
export const DESCRIPTION_REQUIRED = DESCRIPTION_MESSAGE;

/** GET /api/styles: newest first, a page at a time. */
export const listStylesQuerySchema = z.object({
  cursor: text().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListStylesQuery = z.output<typeof listStylesQuerySchema>;

/** Style cards the styles page shows at first and adds with each "Load more" (even rows of 2 and 3). */
export const STYLES_PAGE = 12;
/** Pages of style cards one address may ask for. */
export const MAX_STYLE_PAGES = 20;

/** An error about the uploaded files carries this in its details, so forms show it by the dropzone. */
export const UPLOAD_ERROR_DETAILS = { field: "references" } as const;

/** Colours a palette may hold. */
export const PALETTE_MAX = 8;

/** A colour as the palette stores it: #rrggbb, lower case. */
export const paletteColourSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #2a9d8f.")
  .transform((c) => c.toLowerCase());

/** PATCH /api/styles/:id */
export const updateStyleSchema = z
  .object({
    name: nameText({ empty: "Give the style a name.", max: limits.styleName }),
    description: optionalDescription,
    defaultSize: z.enum(imageSizeValues),
    defaultDetail: z.enum(detailValues),
    defaultTransparent: z.boolean(),
    defaultModel: modelChoice.nullable(),
    palette: z
      .array(paletteColourSchema)
      .min(1, "Keep at least one colour.")
      .max(PALETTE_MAX, `Use at most ${PALETTE_MAX} colours.`),
  })
  .partial()
  .strict();
export type UpdateStyleInput = z.output<typeof updateStyleSchema>;

/**
 * The detail sample images are made at: at most Standard. Samples are what later
 * images are matched to, not final artwork, and four High samples (120–180 credits)
 * would cost more than a new account's grant (docs/decisions/024).
 */
export function sampleDetail(detail: DetailLevel): DetailLevel {
  return detail === "high" ? "standard" : detail;
}

/** What a style's four (or `count`) sample images cost at its settings. */
export function samplesPrice(options: {
  size: ImageSize;
  detail: DetailLevel;
  count?: number;
  /** The model's prices (see domain/pricing.ts). */
  prices?: PriceTable;
}): number {
  return priceOf({ ...options, detail: sampleDetail(options.detail), count: options.count ?? limits.styleSamples });
}

/** What a style's samples were made for: when the style changes, they are out of date. */
export interface SamplesBasis {
  description: string;
  palette: string[];
  size: ImageSize;
  /** The detail the samples were made at (see sampleDetail). */
  detail: DetailLevel;
  transparent: boolean;
  /** The reference images (their ids) the samples were matched to. */
  references: string[];
}

export const staleReasonValues = ["description", "palette", "size", "detail", "transparent", "references"] as const;
export type StaleReason = (typeof staleReasonValues)[number];

/** What changed since the samples were made, in the order the card names them. */
export function staleReasons(basis: SamplesBasis | null, current: SamplesBasis): StaleReason[] {
  if (!basis) return [];
  const reasons: StaleReason[] = [];
  if (basis.description !== current.description) reasons.push("description");
  if (basis.palette.join() !== current.palette.join()) reasons.push("palette");
  if (basis.size !== current.size) reasons.push("size");
  if (basis.detail !== current.detail) reasons.push("detail");
  if (basis.transparent !== current.transparent) reasons.push("transparent");
  if ([...basis.references].sort().join() !== [...current.references].sort().join()) reasons.push("references");
  return reasons;
}

const reasonWords: Record<StaleReason, string> = {
  description: "description",
  palette: "palette",
  size: "size",
  detail: "detail",
  transparent: "background",
  references: "reference images",
};

/** "the earlier description and size" */
export function describeStaleReasons(reasons: StaleReason[]): string {
  const words = reasons.map((r) => reasonWords[r]);
  const list = words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : (words[0] ?? "settings");
  return `the earlier ${list}`;
}

/** A style as the browser sees it (the API's and the loader's shape). */
export const styleViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    source: z.enum(["text", "image"]),
    description: z.string(),
    derivedDescription: z.string().nullable().meta({
      description: "When the description is empty: the words derived from the reference images; null otherwise.",
    }),
    palette: z.array(z.string()).meta({ description: "Colours as #rrggbb." }),
    defaultSize: z.enum(imageSizeValues),
    defaultDetail: z.enum(detailValues),
    defaultTransparent: z.boolean(),
    defaultModel: z
      .string()
      .nullable()
      .meta({ description: "The model its generations use by default (null: the operator's default)." }),
    presetId: z.string().nullable().meta({ description: "The built-in preset it was made from, if any." }),
    createdAt: z.string().meta({ format: "date-time" }),
    madeBy: z
      .string()
      .nullable()
      .meta({ description: "In a team's workspace: the address of the member who made it; null in your own." }),
    anchors: z
      .array(
        z.object({
          id: z.string(),
          url: z.string(),
          signature: imageSignature,
          subject: z.string(),
          width: z.number().int(),
          height: z.number().int(),
          hasAlpha: z.boolean(),
          format: z.string().meta({ description: 'The stored file\'s format: "png" or "webp".' }),
          provider: z.string().meta({ description: "The engine that made it." }),
        }),
      )
      .meta({ description: "Its sample images, which later images are matched to." }),
    samplesStale: z
      .array(z.enum(staleReasonValues))
      .meta({ description: "What changed since the samples were made (empty when they match the style)." }),
    references: z.array(z.object({ id: z.string(), url: z.string(), signature: imageSignature })),
    job: z
      .object({
        id: z.string(),
        status: z.enum(jobStatuses),
        error: z.string().nullable(),
        refunded: z.boolean(),
        credits: z.number().int(),
        refundedCredits: z
          .number()
          .int()
          .meta({ description: "What was given back: the images the job did not make." }),
      })
      .nullable()
      .meta({ description: "Its latest sample job." }),
  })
  .meta({ id: "Style", description: "A style: its description, palette, defaults, samples and references." });
export type StyleView = z.output<typeof styleViewSchema>;

export const providerViewSchema = z
  .object({ id: z.string(), model: z.string(), label: z.string() })
  .meta({ id: "Provider", description: "The operator's default model." });
export type ProviderView = z.output<typeof providerViewSchema>;

/**
 * Said, not refused, when a style is named like another of its owner's: both are kept (a
 * copy to try a variation on is a fair reason), and the picker tells them apart by their
 * samples; the note suggests a name that tells them apart in words too.
 */
export function sameNameNote(name: string, otherNames: readonly string[]): string | undefined {
  const wanted = name.trim().toLowerCase();
  const same = wanted ? otherNames.find((other) => other.trim().toLowerCase() === wanted) : undefined;
  return same
    ? `You already have a style called “${same.trim()}”. Both will be kept; another name tells them apart.`
    : undefined;
}
