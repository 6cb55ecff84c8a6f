import * as replies from "#domain/api-replies";
import { removeBackgroundSchema } from "#domain/objects";
import { removeImageBackground } from "../../../objects/remove-background.server";
import { argumentWords } from "../tool-inputs";
import { defineOperation } from "../operation.server";
import { imageMade } from "../tool-answers.server";
import { objectParam } from "./shared.server";

export const removeImageBackgroundOperation = defineOperation({
  method: "post",
  path: "/api/objects/:id/remove-background",
  tag: "Objects",
  summary: "Remove an image's background",
  description:
    "A new, transparent image of the object from one of its images, at the operator's price. An image's background is removed once: asking again answers with that image (200) and charges nothing.",
  access: "user",
  json: removeBackgroundSchema,
  spends: true,
  responses: {
    200: {
      description: "The image made from it earlier; nothing was charged.",
      json: replies.madeImageReply,
    },
    201: { description: "The new image.", json: replies.madeImageReply },
  },
  tool: {
    name: "remove_background",
    // deriveObjectImage: the same image again answers the image made the first time, charged once.
    idempotent: true,
    title: "Remove an image's background",
    description:
      "Makes a new, transparent image of an object from one of its images, at the price list_styles shows " +
      "for it. Asking again for the same image returns the image made the first time and charges nothing.",
    params: objectParam,
    arguments: { imageId: argumentWords.imageId },
    summarize: imageMade("Background removed", "Its background was removed before"),
  },
  async handle({ services, user, params, body: input }) {
    const { image, existing } = await removeImageBackground(
      { db: services.database.db, storage: services.storage, matting: services.matting, signer: services.imageUrls },
      {
        actor: user.actor,
        objectId: params.id,
        imageId: input.imageId,
        price: services.config.credits.removeBackground,
      },
    );
    return { status: existing ? 200 : 201, body: { image } };
  },
});
