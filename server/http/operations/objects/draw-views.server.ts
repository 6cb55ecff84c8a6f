import * as replies from "#domain/api-replies";
import { objectViewsRequestSchema, viewPresets } from "#domain/objects";
import { limits } from "#domain/limits";
import { makeViews } from "../../../objects/make-variations.server";
import { defineOperation } from "../operation.server";
import { objectJobStarted } from "../tool-answers.server";
import { objectJob, objectParam, payingTool } from "./shared.server";

export const drawViewsOperation = defineOperation({
  method: "post",
  path: "/api/objects/:id/views",
  tag: "Objects",
  summary: "Draw the object in new poses, views or states",
  description:
    'One new image of the object per entry of `views` ("running", "side view", "damaged"; up to 8, repeats dropped), each drawn from the object\'s cover and its style\'s references, so the object stays the same thing. Each image records the view it was asked for (`lineage.view`) and the cover it came from. Size, detail and model default to the cover\'s. Priced and paid like variations. A model that cannot draw views (`views` on each model GET /api/styles lists; the preview engine cannot) is refused with 409 before anything is made or paid; with no model named, one that can is taken.',
  access: "user",
  json: objectViewsRequestSchema,
  spends: true,
  errors: [409],
  responses: { 202: { description: "The job.", json: replies.jobReply } },
  tool: {
    name: "draw_views",
    title: "Draw an object in new poses, views or states",
    description:
      "Makes one new image of an existing object per entry of `views` (for example a turnaround: " +
      `${JSON.stringify(viewPresets.turnaround.views)}, or UI states: ${JSON.stringify(viewPresets.states.views)}), ` +
      "each drawn from the object's cover and its style's references so it stays the same thing. Credits are " +
      "reserved now and refunded for what cannot be made. Call get_job with the returned job id until it has " +
      "succeeded, then get_images with the object's id.",
    params: objectParam,
    arguments: {
      ...payingTool,
      views: `What to draw, one image each (1 to ${limits.objectViews}, each up to ${limits.objectView} characters).`,
      model: "The id of a model from list_styles; the style's default when left out.",
    },
    summarize: objectJobStarted,
  },
  handle: objectJob(makeViews),
});
