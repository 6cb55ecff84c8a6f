import * as replies from "#domain/api-replies";
import { seamlessTileSchema, tileSizes } from "#domain/tiles";
import { seamlessTileImage } from "../../../objects/tile-images.server";
import { defineOperation } from "../operation.server";
import { imageMade } from "../tool-answers.server";
import { objectParam } from "./shared.server";

export const makeSeamlessTileOperation = defineOperation({
  method: "post",
  path: "/api/objects/:id/seamless-tile",
  tag: "Objects",
  summary: "Make a seamless tile",
  description: `A new image of the object: a square texture of ${tileSizes.join(", ")} pixels a side that wraps without a seam (its last column continues into its first, its last row into its first). On the preview engine it is drawn from the object's material (grass, dirt, stone, water, sand, wood, brick; other words get a ground in the style's colours) in the style's palette; a model's image is brought down to the tile, repaired where it does not wrap and cut where it is quietest. Motif's own work, free. The same image and size again answers with the tile made the first time (200).`,
  access: "user",
  json: seamlessTileSchema,
  responses: {
    200: { description: "The tile made from it earlier at that size.", json: replies.madeImageReply },
    201: { description: "The new tile.", json: replies.madeImageReply },
  },
  tool: {
    name: "make_seamless_tile",
    idempotent: true,
    title: "Make a seamless tile",
    description:
      "Makes a new image of an object: a square texture (16, 32, 48 or 64 px) that wraps without a seam, for a " +
      "game's ground or walls. Free. The same image and size again return the tile made the first time.",
    params: objectParam,
    arguments: { imageId: "The image to make a tile of, from get_images.", tileSize: "16, 32, 48 or 64. Default 32." },
    summarize: imageMade("Made a seamless tile", "Already a tile"),
  },
  async handle({ services, user, params, body }) {
    const { image, existing } = await seamlessTileImage(
      { db: services.database.db, storage: services.storage, signer: services.imageUrls },
      { workspaceId: user.workspace.id, objectId: params.id, ...body },
    );
    return { status: existing ? 200 : 201, body: { image } };
  },
});
