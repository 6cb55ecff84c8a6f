import { z } from "zod";
import { detailValues, imageSizeValues } from "#domain/images";
import { limits } from "#domain/limits";

/**
 * The fields several tools share, described for an agent. These only shape the
 * arguments; the app's own request schemas check them after, with its messages.
 */
export const sizeInput = z
  .enum(imageSizeValues)
  .describe("The image shape: square (1024×1024), portrait (1024×1536) or landscape (1536×1024).");

export const detailInput = z
  .enum(detailValues)
  .describe(
    "draft (cheapest, fast sketches to explore ideas), standard (clean results for most assets) or high (finest detail, several times the price of standard).",
  );

export const transparentInput = z
  .boolean()
  .describe("true for a transparent background (icons, sprites, stickers), false for a filled one.");

export const modelInput = z
  .string()
  .describe('The id of one of the models list_styles offers (such as "openai"); leave it out for the default model.');

export const variationsInput = z
  .number()
  .int()
  .describe(`How many images to make of each subject, 1 to ${limits.variations} (default 1). Each image is paid.`);

export const idempotencyKeyInput = z
  .string()
  .describe(
    "Any 8 to 200 characters, new for each new request. Send the same key again when retrying this call (after a lost answer, say): the first answer comes back and nothing is paid twice.",
  );
