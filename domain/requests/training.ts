import { z } from "zod";
import { modelChoice, nameText, text } from "./building-blocks";
import { trimmedTextMeta } from "../text";
import { pictureSources, trainingLimits, trainingPresetValues } from "../training";

// What a training or a character request carries, checked by the server and by the forms that
// send them; apart from training.ts, whose constants every signed-in page loads (docs/decisions/126).

const TRIGGER_WORD = /^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u;
const TRIGGER_MESSAGE = "Use one word of letters and digits (a - or _ may join them), such as “mtfknight”.";

/** The word a trained model is called up by: one word, no spaces or control characters. */
export const triggerWordSchema = text()
  .trim()
  .min(2, "Use a trigger word of 2 to 40 characters.")
  .max(trainingLimits.triggerWord, "Use a trigger word of 2 to 40 characters.")
  .regex(TRIGGER_WORD, TRIGGER_MESSAGE)
  .meta({
    ...trimmedTextMeta(trainingLimits.triggerWord),
    description: "One word the model learns the look or subject by; prompts carry it.",
    examples: ["mtfknight"],
  });

export const datasetPictureSchema = z.object({
  source: z.enum(pictureSources).meta({
    description:
      "reference: one of the style's reference images; picture: one uploaded for training (a character's references); image: an image in the workspace's library.",
  }),
  id: text().min(1).max(64),
  caption: text()
    .trim()
    .max(trainingLimits.caption, `Keep each caption to ${trainingLimits.caption} characters.`)
    .meta(trimmedTextMeta(trainingLimits.caption))
    .optional()
    .meta({ description: "What the picture shows; made from the subject's name when left out." }),
});
export type DatasetPicture = z.output<typeof datasetPictureSchema>;

const pictureCount = `Choose ${trainingLimits.minPictures} to ${trainingLimits.maxPictures} pictures to train on.`;

/** POST /api/styles/{id}/trainings and /api/characters/{id}/trainings */
export const startTrainingSchema = z.object({
  model: modelChoice.optional().meta({ description: "The provider to train on; one whose capabilities say `train`." }),
  preset: z.enum(trainingPresetValues).default("standard"),
  triggerWord: triggerWordSchema,
  pictures: z
    .array(datasetPictureSchema, { error: pictureCount })
    .min(trainingLimits.minPictures, pictureCount)
    .max(trainingLimits.maxPictures, pictureCount),
});
export type StartTrainingInput = z.output<typeof startTrainingSchema>;

/** A character's name: shown on cards and in the composer. */
export const characterName = nameText({
  empty: "Give the character a name.",
  max: 80,
  tooLong: "Keep names to 80 characters.",
});

/** POST /api/characters */
export const createCharacterSchema = z.object({
  name: characterName,
  description: text()
    .trim()
    .max(300, "Keep the description to 300 characters.")
    .meta(trimmedTextMeta(300))
    .optional()
    .meta({ description: "Words every image of it carries: “a knight in dented silver armour”." }),
  imageIds: z
    .array(
      text()
        .min(1)
        .max(64)
        .meta({ examples: ["img_1"] }),
    )
    .max(trainingLimits.maxPictures)
    .optional()
    .meta({
      description: "Library images (an object's) copied as its reference pictures, the first first.",
      examples: [["img_1"]],
    }),
});

/** PATCH /api/characters/{id} */
export const editCharacterSchema = createCharacterSchema.pick({ name: true, description: true }).partial();
