import * as replies from "#domain/api-replies";
import { animationSchema } from "#domain/animation";
import { animationImage } from "../../../objects/animation-image.server";
import { defineOperation } from "../operation.server";
import { imageMade } from "../tool-answers.server";
import { objectParam } from "./shared.server";

export const makeAnimationOperation = defineOperation({
  method: "post",
  path: "/api/objects/:id/animation",
  tag: "Objects",
  summary: "Animate an image (preview motion)",
  description:
    "A new image of the object: an animation sheet of one of its images — a row per direction (1; 4: S, E, N, W; or 8: S, SE, E, NE, N, NW, W, SW, the west side mirrored from the east), a column per frame (4, 6, 8 or 12; or 1, a still in each direction). Every frame shares one canvas, the drawing's bottom on one baseline and its middle on one line; `colours` locks every frame to one shared palette. The motion is preview motion (idle: breathing; walk and run: bob, sway, squash and stretch; jump: crouch, stretch and land; attack: lunge; hurt: shake; die: fall), Motif's own, free (a model drawing each frame: POST /api/objects/{id}/drawn-animation). Download it from `/api/images/{id}/animation.zip`. The same settings again answer with the sheet made the first time (200).",
  access: "user",
  json: animationSchema,
  responses: {
    200: { description: "The sheet made from it earlier with the same settings.", json: replies.madeImageReply },
    201: { description: "The new sheet.", json: replies.madeImageReply },
  },
  tool: {
    name: "make_animation",
    idempotent: true,
    title: "Animate an image (preview motion)",
    description:
      "Makes an animation sheet of an object's image: action (idle, walk, run, jump, attack, hurt, die), 1/4/6/8/12 " +
      "frames, 1/4/8 directions (west mirrored from east), loop, optional shared palette of N colours. Preview " +
      "motion (bob, squash and stretch, sway), free. Download with /api/images/{id}/animation.zip.",
    params: objectParam,
    arguments: {
      imageId: "The image to animate, from get_images.",
      action: "idle, walk, run, jump, attack, hurt or die. Default idle.",
      frames: "4, 6, 8 or 12; 1 for a still in each direction. Default 8.",
      directions: "1, 4 or 8. Default 1.",
      loop: "false to play once. Default true.",
      colours: "2 to 64: one palette shared by every frame. Optional.",
    },
    summarize: imageMade("Animated", "Already animated"),
  },
  async handle({ services, user, params, body: input }) {
    const { image, existing } = await animationImage(
      { db: services.database.db, storage: services.storage, signer: services.imageUrls },
      { workspaceId: user.workspace.id, objectId: params.id, input },
    );
    return { status: existing ? 200 : 201, body: { image } };
  },
});
