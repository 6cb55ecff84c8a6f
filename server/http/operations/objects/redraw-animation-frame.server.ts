import * as replies from "#domain/api-replies";
import { redrawFrameSchema } from "#domain/animation";
import { redrawFrame } from "../../../objects/drawn-animation.server";
import { defineOperation } from "../operation.server";
import { objectJobStarted } from "../tool-answers.server";
import { objectJob, objectParam } from "./shared.server";

export const redrawAnimationFrameOperation = defineOperation({
  method: "post",
  path: "/api/objects/:id/animation/redraw-frame",
  tag: "Objects",
  summary: "Redraw one frame of an animation",
  description:
    "One frame of an animation sheet a model drew (`imageId`, with `lineage.animation.drawn`), drawn again by a model that edits — the one that drew the sheet while it is on offer — with the frames before and after it as references, as a paid job of one image. When it ends, a new sheet with that frame replaced is made from the old one (free). `frame` is the frame's place in `lineage.animation.drawn.frameIds`. A sheet of preview motion is a 409.",
  access: "user",
  json: redrawFrameSchema,
  spends: true,
  errors: [409],
  responses: { 202: { description: "The job.", json: replies.jobReply } },
  tool: {
    name: "redraw_animation_frame",
    title: "Redraw one frame of an animation",
    description:
      "Starts a paid job of one image that draws one frame of a model-drawn animation sheet again, then makes a " +
      "new sheet with it. Call get_job until it ends, then get_images.",
    params: objectParam,
    arguments: {
      imageId: "The animation sheet, from get_images.",
      frame: "The frame's place in the sheet's drawn frames (lineage.animation.drawn.frameIds), from 0.",
      model: "A model that edits images; the one that drew the sheet when left out.",
    },
    summarize: objectJobStarted,
  },
  handle: objectJob(redrawFrame),
});
