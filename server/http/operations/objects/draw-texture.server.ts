import * as replies from "#domain/api-replies";
import { drawnTextureSchema } from "#domain/tiles";
import { drawTexture } from "../../../objects/drawn-texture.server";
import { defineOperation } from "../operation.server";
import { objectJobStarted } from "../tool-answers.server";
import { objectJob, objectParam } from "./shared.server";

export const drawTextureOperation = defineOperation({
  method: "post",
  path: "/api/objects/:id/drawn-texture",
  tag: "Objects",
  summary: "Draw a seamless texture with a model",
  description:
    "A new image of the object: a texture of its material (its name, or `words`: “mossy cobblestones”) drawn by a model — asked to fill the square edge to edge, seen from above and evenly lit, in the style — then made to wrap by Motif (repaired at the seam, cut where it is quietest), 1024 px square, with the lineage `tiled`. A paid job of one image, priced like one square image of the object on that model, refunded if it fails, cancellable. Tiles of 16 to 64 px and autotile sets are then cut from it free (POST /api/objects/{id}/seamless-tile, /autotile-set). The preview engine draws its own textures free and cannot do this: a 409 says so.",
  access: "user",
  json: drawnTextureSchema,
  spends: true,
  errors: [409],
  responses: { 202: { description: "The job.", json: replies.jobReply } },
  tool: {
    name: "draw_texture",
    title: "Draw a seamless texture with a model",
    description:
      "Starts a paid job of one image in which a model draws a texture of the object's material, which Motif makes " +
      "wrap without a seam (1024 px). Call get_job until it has succeeded, then get_images; cut tiles from it with " +
      "make_seamless_tile (free).",
    params: objectParam,
    arguments: {
      words: "What the texture is (“mossy cobblestones”); the object's name when left out.",
      model: "A model (not the preview engine); the style's default or the first on offer when left out.",
    },
    summarize: objectJobStarted,
  },
  handle: objectJob(drawTexture),
});
