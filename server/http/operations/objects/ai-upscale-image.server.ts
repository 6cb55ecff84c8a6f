import * as replies from "#domain/api-replies";
import { aiUpscaleSchema } from "#domain/image-lineage";
import { aiUpscaleObjectImage } from "../../../objects/ai-upscale.server";
import { defineOperation } from "../operation.server";
import { objectJobStarted } from "../tool-answers.server";
import { objectJob, objectParam } from "./shared.server";

export const aiUpscaleImageOperation = defineOperation({
  method: "post",
  path: "/api/objects/:id/ai-upscale",
  tag: "Objects",
  summary: "Upscale an image with a model's AI upscaler",
  description:
    "A new image of the object, 2 or 4 times the width and height of one of its images, by the AI upscaler of a model on offer (fal's Real-ESRGAN, a ComfyUI upscale model; see `upscaler` on each model in GET /api/styles), as a paid job of one image: priced like one image of the object on that model, refunded if it fails, cancellable. Transparency is kept: the upscaler gets the picture without its alpha and Motif puts the alpha back, resampled. The model is the one asked for, else the style's default or the first on offer with an upscaler; none is a 409 (the basic upscale, POST /api/objects/{id}/upscale, works with every model). Refused with 400 when the result would be longer on a side than the instance allows.",
  access: "user",
  json: aiUpscaleSchema,
  spends: true,
  errors: [409],
  responses: { 202: { description: "The job.", json: replies.jobReply } },
  tool: {
    name: "ai_upscale_image",
    title: "Upscale an image with a model's AI upscaler",
    description:
      "Makes a new image of an object 2 or 4 times the width and height of one of its images, by the AI " +
      "upscaler of a model that has one (see `upscaler` on the models in list_styles), as a paid job of one " +
      "image, refunded if it fails. Transparency is kept. Call get_job with the returned job id until it has " +
      "succeeded, then get_images with the object's id. The free basic upscale is upscale_image.",
    params: objectParam,
    arguments: {
      imageId: "The image to upscale, from get_images.",
      factor: "2 or 4: how many times wider and taller.",
      model: "A model with an AI upscaler; the style's default or the first on offer with one when left out.",
    },
    summarize: objectJobStarted,
  },
  handle: objectJob(aiUpscaleObjectImage),
});
