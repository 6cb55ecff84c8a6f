import * as replies from "#domain/api-replies";
import { frameOrderSchema } from "#domain/animation";
import { reorderAnimationFrames } from "../../../objects/animation-image.server";
import { defineOperation } from "../operation.server";
import { imageMade } from "../tool-answers.server";
import { objectParam } from "./shared.server";

export const reorderAnimationFramesOperation = defineOperation({
  method: "post",
  path: "/api/objects/:id/animation/frames",
  tag: "Objects",
  summary: "Reorder or drop an animation's frames",
  description:
    "A new animation sheet from one of the object's sheets with every row's frames in the order given: a frame left out is dropped, one listed twice is held for two frames. The frame images of a model-drawn sheet follow the same order. Free; the same order on the same sheet again answers with the sheet made the first time (200).",
  access: "user",
  json: frameOrderSchema,
  errors: [409],
  responses: {
    200: { description: "The sheet made from it earlier in that order.", json: replies.madeImageReply },
    201: { description: "The new sheet.", json: replies.madeImageReply },
  },
  tool: {
    name: "reorder_animation_frames",
    idempotent: true,
    title: "Reorder or drop an animation's frames",
    description:
      "Makes a new animation sheet with the frames of every row in a new order (left out: dropped; twice: held). Free.",
    params: objectParam,
    arguments: {
      imageId: "The animation sheet, from get_images.",
      order: "The frames to keep, in order, by their place from 0, e.g. [0, 1, 3, 2].",
    },
    summarize: imageMade("Reordered", "Already reordered"),
  },
  async handle({ services, user, params, body: input }) {
    const { image, existing } = await reorderAnimationFrames(
      { db: services.database.db, storage: services.storage, signer: services.imageUrls },
      { workspaceId: user.workspace.id, objectId: params.id, input },
    );
    return { status: existing ? 200 : 201, body: { image } };
  },
});
