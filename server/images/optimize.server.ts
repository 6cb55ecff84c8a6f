import sharp from "sharp";
import { z } from "zod";
import { DEFAULT_IMAGE_QUALITY, IMAGE_WIDTHS } from "~/lib/image-url";

/** Stored files the endpoint can optimise: only our own paths, so it never fetches anything. */
const SOURCE_PATH = /^\/api\/(images|files\/reference)\/([A-Za-z0-9_-]{1,64})$/;

const WIDTH_MESSAGE = `The width must be one of ${IMAGE_WIDTHS.join(", ")}.`;

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
    }),
  w: z.coerce.number({ error: WIDTH_MESSAGE }).refine((w) => IMAGE_WIDTHS.includes(w), WIDTH_MESSAGE),
  q: z.coerce
    .number()
    .int()
    .min(1, "The quality runs from 1 to 100.")
    .max(100, "The quality runs from 1 to 100.")
    .default(DEFAULT_IMAGE_QUALITY),
});
export type OptimizeQuery = z.infer<typeof optimizeQuerySchema>;

/** Where a derivative is kept: beside its original, so deleting a style's folder removes it too. */
export function derivativeKey(originalKey: string, options: { width: number; quality: number }): string {
  return `${originalKey}.w${options.width}-q${options.quality}.webp`;
}

/** Scales down (never up) to `width` and encodes WebP, keeping transparency. */
export async function optimizeImage(original: Buffer, options: { width: number; quality: number }): Promise<Buffer> {
  return sharp(original)
    .resize({ width: options.width, withoutEnlargement: true })
    .webp({ quality: options.quality, alphaQuality: 100, effort: 4 })
    .toBuffer();
}
