import * as replies from "#domain/api-replies";
import { drawnAnimationSchema } from "#domain/animation";
import { drawAnimation } from "../../../objects/drawn-animation.server";
import { defineOperation } from "../operation.server";
import { objectJobStarted } from "../tool-answers.server";
import { objectJob, objectParam } from "./shared.server";

export const drawAnimationOperation = defineOperation({
  method: "post",
  path: "/api/objects/:id/drawn-animation",
  tag: "Objects",
  summary: "Draw an animation with a model",
  description:
    "An animation of one of the object's images whose frames a model that edits images draws (OpenAI, Gemini, fal Kontext, ComfyUI; see `edit` on each model in GET /api/styles), as a paid job: one image's price on that model per frame drawn — frames (4, 6, 8 or 12; or 1, a still in each direction) × directions drawn (1; 4: S, E, N, W; 8: S, SE, E, NE, N, NW, W, SW; with `mirror`, the west-facing ones are mirrored from the east-facing ones, free). Each frame is drawn in order from the object's image, with the frame before as a reference, on a clear ground; each is an image of the object as it is made. When the job ends the frames are aligned into a sheet (one canvas and scale, the bottom of each figure on one baseline and its middle on one line; `colours` locks every frame to one shared palette) — a new image of the object that downloads from `/api/images/{id}/animation.zip`. Cancelled, refused or failed part way, the frames made are kept and paid for, the rest refunded once; the sheet is made from each direction's frames from the first on. A model that cannot edit is a 409 (preview motion, POST /api/objects/{id}/animation, is free on every model).",
  access: "user",
  json: drawnAnimationSchema,
  spends: true,
  errors: [409],
  responses: { 202: { description: "The job.", json: replies.jobReply } },
  tool: {
    name: "draw_animation",
    title: "Draw an animation with a model",
    description:
      "Starts a paid job in which a model that edits images draws each frame of an animation of an object's image " +
      "(action, 1/4/6/8/12 frames (1: a still per direction), 1/4/8 directions, west mirrored from east unless mirror is false), then aligns " +
      "them into a sheet. Priced per frame drawn; frames made are kept if it stops part way. Call get_job until " +
      "it ends, then get_images: the sheet is the newest image with operation animated.",
    params: objectParam,
    arguments: {
      imageId: "The image to animate, from get_images.",
      action: "idle, walk, run, jump, attack, hurt or die: sets the speed, and the words unless words are given.",
      words: "The action in your own words (“swinging a sword overhead”). Optional.",
      frames: "4, 6, 8 or 12; 1 for a still in each direction. Default 8.",
      directions: "1, 4 or 8. Default 1.",
      mirror: "false to draw the west-facing directions too instead of mirroring them. Default true.",
      loop: "false to play once. Default true.",
      colours: "2 to 64: one palette shared by every frame. Optional.",
      model: "A model that edits images; the style's default or the first on offer that can when left out.",
    },
    summarize: objectJobStarted,
  },
  handle: objectJob(drawAnimation),
});
