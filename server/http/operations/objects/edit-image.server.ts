import * as replies from "#domain/api-replies";
import { editImageSchema } from "#domain/image-lineage";
import { limits } from "#domain/limits";
import { editObjectImage } from "../../../objects/edit-image.server";
import { defineOperation } from "../operation.server";
import { objectJobStarted } from "../tool-answers.server";
import { objectJob, objectParam } from "./shared.server";

export const editImageOperation = defineOperation({
  method: "post",
  path: "/api/objects/:id/edit",
  tag: "Objects",
  summary: "Edit an image with words, or repaint a region",
  description:
    "A new image of the object made from one of its images, changed as `instruction` says (\"wearing a red scarf\", \"make it night\"), in the object's style: the image goes to the model as the base, with the style's references. With `mask`, a PNG of the image's exact size whose light opaque pixels mark a region, only that region is drawn again and every other pixel (transparency included) is kept. Priced and paid like one image of the object; refunded if it fails. The model is the one asked for, else the style's default or the first model on offer that can do it; a model that cannot is refused with 409 and says why (see `edit` on each model in GET /api/models). The new image records what it was made from (`lineage`: `edited` or `repainted`, with the instruction).",
  access: "user",
  json: editImageSchema,
  // The painted region, a PNG as base64 (limits.editMaskBase64).
  bodyLimit: "6mb",
  spends: true,
  errors: [409],
  responses: { 202: { description: "The job.", json: replies.jobReply } },
  tool: {
    name: "edit_image",
    title: "Edit an image with words",
    description:
      'Makes a new image of an object from one of its images, changed as `instruction` says ("wearing a red ' +
      'scarf", "make it night", "remove the text"), in the object\'s style. With `mask` (a PNG of the image\'s ' +
      "exact size, as base64, light opaque pixels where to repaint) only that region is drawn again. Costs one " +
      "image's credits, reserved now and refunded if it fails. Call get_job with the returned job id until it " +
      "has succeeded, then get_images with the object's id.",
    params: objectParam,
    arguments: {
      imageId: "The image to change, from get_images.",
      instruction: `What to change, in words (up to ${limits.editInstruction} characters).`,
      model: "The id of a model from list_styles that can edit; the style's default or the first that can.",
    },
    summarize: objectJobStarted,
  },
  handle: objectJob(editObjectImage),
});
