import * as replies from "#domain/api-replies";
import { upscaleImageSchema } from "#domain/image-lineage";
import { upscaleDepsOf, upscaleObjectImage } from "../../../objects/upscale-image.server";
import { defineOperation } from "../operation.server";
import { imageMade } from "../tool-answers.server";
import { objectParam } from "./shared.server";

export const upscaleImageOperation = defineOperation({
  method: "post",
  path: "/api/objects/:id/upscale",
  tag: "Objects",
  summary: "Upscale an image",
  description:
    "A new image of the object, 2 or 4 times the width and height of one of its images, by Motif's basic upscale: Lanczos resampling and light sharpening, no AI, free. Transparency is kept. An image is upscaled by each factor once: asking again answers with that image (200). Refused with 400 when the result would be longer on a side than the instance allows (`UPSCALE_MAX_SIDE`, 8192 by default).",
  access: "user",
  json: upscaleImageSchema,
  responses: {
    200: { description: "The image made from it earlier by the same factor.", json: replies.madeImageReply },
    201: { description: "The new image.", json: replies.madeImageReply },
  },
  tool: {
    name: "upscale_image",
    // deriveObjectImage: the same image again answers the image made the first time, charged once.
    idempotent: true,
    title: "Upscale an image",
    description:
      "Makes a new image of an object 2 or 4 times the width and height of one of its images, by Motif's " +
      "basic upscale: Lanczos resampling and light sharpening, free, transparency kept. The new image belongs " +
      "to the same object. Upscaling the same image by the same factor again returns the image made the " +
      "first time. For a model's AI upscaler (paid), use ai_upscale_image.",
    params: objectParam,
    arguments: {
      imageId: "The image to upscale, from get_images.",
      factor: "2 or 4: how many times wider and taller.",
    },
    summarize: imageMade("Upscaled", "Already upscaled"),
  },
  async handle({ services, user, params, body: input }) {
    const { image, existing } = await upscaleObjectImage(upscaleDepsOf(services), {
      workspaceId: user.workspace.id,
      objectId: params.id,
      ...input,
    });
    return { status: existing ? 200 : 201, body: { image } };
  },
});
