import * as replies from "#domain/api-replies";
import { variationsRequestSchema } from "#domain/objects";
import { makeVariations } from "../../../objects/make-variations.server";
import { defineOperation } from "../operation.server";
import { objectJobStarted } from "../tool-answers.server";
import { objectJob, objectParam, payingTool } from "./shared.server";

export const makeMoreVariationsOperation = defineOperation({
  method: "post",
  path: "/api/objects/:id/variations",
  tag: "Objects",
  summary: "Make more variations",
  description: "More images of the object, matched to its cover; size, detail and model default to the cover's.",
  access: "user",
  json: variationsRequestSchema,
  spends: true,
  responses: { 202: { description: "The job.", json: replies.jobReply } },
  tool: {
    name: "make_variations",
    title: "Make more variations of an object",
    description:
      "Makes more images of an existing object, matched to its cover: other takes on the same subject in its " +
      "style. Paid per image, reserved now and refunded for what cannot be made. Call get_job with the " +
      "returned job id until it has succeeded, then get_images with the object's id.",
    params: objectParam,
    arguments: payingTool,
    summarize: objectJobStarted,
  },
  handle: objectJob(makeVariations),
});
