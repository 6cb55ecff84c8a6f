import { z } from "zod";
import { detailValues, imageSizeValues } from "#domain/images";
import { limits } from "#domain/limits";

/**
 * The fields several tools share, described for an agent. These only shape the arguments;
 * the app's own request schemas check them after, with its messages.
 */
export const argumentWords = {
  size: "The image shape: square (1024×1024), portrait (1024×1536) or landscape (1536×1024).",
  detail:
    "draft (cheapest, fast sketches to explore ideas), standard (clean results for most assets) or high (finest detail, several times the price of standard).",
  transparent: "true for a transparent background (icons, sprites, stickers), false for a filled one.",
  model: 'The id of one of the models list_styles offers (such as "openai"); leave it out for the default model.',
  variations: `How many images to make of each subject, 1 to ${limits.variations} (default 1). Each image is paid.`,
  idempotencyKey:
    "Any 8 to 200 characters, new for each new request. Send the same key again when retrying this call (after a lost answer, say): the first answer comes back and nothing is paid twice.",
  objectId: "The object, from generate_objects, get_job or get_images.",
  imageId: "One of the object's images, from get_images or get_job.",
};

export const sizeInput = z.enum(imageSizeValues).describe(argumentWords.size);
export const detailInput = z.enum(detailValues).describe(argumentWords.detail);
export const transparentInput = z.boolean().describe(argumentWords.transparent);
export const modelInput = z.string().describe(argumentWords.model);
export const idempotencyKeyInput = z.string().describe(argumentWords.idempotencyKey);
