import pLimit from "p-limit";
import sharp from "sharp";
import { z } from "zod";
import { DEFAULT_IMAGE_QUALITY, IMAGE_QUALITIES, IMAGE_WIDTHS, widthFor } from "#domain/image-url";

/** Stored files the endpoint can optimise: only our own paths, so it never fetches anything. */
const SOURCE_PATH = /^\/api\/(images|files\/reference)\/([A-Za-z0-9_-]{1,64})$/;

const WIDTH_MESSAGE = `The width must be one of ${IMAGE_WIDTHS.join(", ")}.`;
const QUALITY_MESSAGE = `The quality must be one of ${IMAGE_QUALITIES.join(", ")}.`;

export type ImageSource = { kind: "image" | "reference"; id: string };

export const optimizeQuerySchema = z.object({
  url: z
    .string({ error: "Give the image's url." })
    .max(500, "The url is too long.")
    .transform((url, ctx): ImageSource => {
      const match = SOURCE_PATH.exec(url);
      if (!match) {
        ctx.addIssue({ code: "custom", message: "The url must be the path of one of your Motif images." });
        return z.NEVER;
      }
      return { kind: match[1] === "images" ? "image" : "reference", id: match[2]! };
    })
    // The document says which paths it takes, as the check above does.
    .meta({ pattern: SOURCE_PATH.source }),
  // The document lists the values the server takes (a refine says nothing to a client).
  w: z.coerce
    .number({ error: WIDTH_MESSAGE })
    .refine((w) => IMAGE_WIDTHS.includes(w), WIDTH_MESSAGE)
    .meta({ enum: [...IMAGE_WIDTHS] }),
  q: z.coerce
    .number({ error: QUALITY_MESSAGE })
    .refine((q) => IMAGE_QUALITIES.includes(q), QUALITY_MESSAGE)
    .default(DEFAULT_IMAGE_QUALITY)
    .meta({ enum: [...IMAGE_QUALITIES] }),
  /** The signature the presenters gave with the image's url (server/images/signed-urls.server.ts). */
  s: z.string().max(100).optional(),
});
export type OptimizeQuery = z.infer<typeof optimizeQuerySchema>;

/** Where a derivative is kept: beside its original, so deleting a style's folder removes it too. */
export function derivativeKey(originalKey: string, options: { width: number; quality: number }): string {
  return `${originalKey}.w${options.width}-q${options.quality}.webp`;
}

/**
 * The width actually made: never wider than the smallest spec width that holds
 * the original, so asking a 1024-wide image for 1536 gives the 1024 copy, not a second one.
 */
export function effectiveWidth(asked: number, originalWidth: number): number {
  return Math.min(asked, widthFor(originalWidth));
}

/**
 * Scales down (never up) to `width` and encodes WebP, keeping transparency and the
 * XMP packet: a preview's says it was not made by an AI model, and the WebP download
 * must say so too (only generated images carry one; uploads are stripped on arrival).
 */
export async function optimizeImage(original: Buffer, options: { width: number; quality: number }): Promise<Buffer> {
  return sharp(original)
    .resize({ width: options.width, withoutEnlargement: true })
    .keepXmp()
    .webp({ quality: options.quality, alphaQuality: 100, effort: 4 })
    .toBuffer();
}

// sharp works on the shared libuv pool: a burst of first requests must not starve
// file reads for everyone else, so this process makes two copies at a time.
const conversions = pLimit(2);
const inFlight = new Map<string, Promise<Buffer>>();

/**
 * Makes the copy for `key` once per process even when many ask at once (they share
 * the one result), and at most two at a time.
 */
export function optimizeOnce(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let pending = inFlight.get(key);
  if (!pending) {
    pending = conversions(make).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}
