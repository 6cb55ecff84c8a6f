import * as replies from "#domain/api-replies";
import { OUTPAINT_WORDS_MAX, outpaintSchema } from "#domain/outpaint";
import { outpaintObjectImage } from "../../../objects/outpaint-image.server";
import { defineOperation } from "../operation.server";
import { objectJobStarted } from "../tool-answers.server";
import { objectJob, objectParam } from "./shared.server";

export const outpaintImageOperation = defineOperation({
  method: "post",
  path: "/api/objects/:id/outpaint",
  tag: "Objects",
  summary: "Extend an image's canvas, or paint a new background behind its subject",
  description:
    'A new image of the object made from one of its images by a model that repaints a masked region. With `mode: "extend"` (the default), the canvas is made larger on the sides asked for (`sides`: fractions of the image\'s width or height, 0 to 1 each, at least one above 0) and the new space is painted to continue the picture, as `words` say if given; the result is that much larger. With `mode: "background"`, the background of an image with a transparent or plain background is painted anew as `words` say (“a misty forest at dawn”), behind its subject. Either way the original\'s pixels are put back unchanged: only the new space or the background is the model\'s. Priced and paid like one edit of the object on that model, refunded if it fails, cancellable. The preview engine, and any model that cannot repaint a region, is refused with 409 before anything is paid (see `edit.region` on each model in GET /api/models); so is a new background for an image whose subject cannot be told from its background. The new image records what it was made from (`lineage`: `outpainted` with its `sides`, or `background`, with the words as `instruction`).',
  access: "user",
  json: outpaintSchema,
  spends: true,
  errors: [409],
  responses: { 202: { description: "The job.", json: replies.jobReply } },
  tool: {
    name: "outpaint_image",
    title: "Extend an image or paint a new background",
    description:
      "Makes a new image of an object from one of its images: its canvas extended on the sides asked for, the new " +
      'space painted to continue it (mode "extend", sides as fractions: {"right": 0.5} adds half its width on the ' +
      'right), or a new background painted behind its subject (mode "background", with words). The original\'s ' +
      "pixels are kept exactly. Costs one edit's credits, reserved now and refunded if it fails; needs a model that " +
      "can repaint a region (not the preview engine). Call get_job with the returned job id until it has succeeded, " +
      "then get_images with the object's id.",
    params: objectParam,
    arguments: {
      imageId: "The image to extend, from get_images.",
      mode: 'What to do: "extend" (the default) or "background".',
      sides: "For extend: how far to extend each side, left, right, top and bottom, from 0 to 1 of the image's size.",
      words: `What is in the new space, or the new background, in words (up to ${OUTPAINT_WORDS_MAX} characters).`,
      model: "The id of a model from list_styles that can repaint a region; the style's default or the first that can.",
    },
    summarize: objectJobStarted,
  },
  handle: objectJob(outpaintObjectImage),
});
