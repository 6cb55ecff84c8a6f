import * as replies from "#domain/api-replies";
import { autotileSetSchema } from "#domain/tiles";
import { autotileSetImage } from "../../../objects/tile-images.server";
import { defineOperation } from "../operation.server";
import { imageMade } from "../tool-answers.server";
import { objectParam } from "./shared.server";

export const makeAutotileSetOperation = defineOperation({
  method: "post",
  path: "/api/objects/:id/autotile-set",
  tag: "Objects",
  summary: "Make an autotile set",
  description:
    "A new image of the object: an autotile set of its seamless tile (the upper terrain, grass say) over another object's seamless tile of the same size (the lower, dirt say), in one atlas PNG. `corners`: the 16-tile corner (Wang) set, 4 × 4; `blob`: the 47-tile blob set and a tile of the lower terrain, 8 × 6. Every pair of tiles the set's rules let touch joins along the shared edge. Download it for Tiled or Godot from `/api/images/{id}/tileset.zip`. Free; the same pair and kind again answers with the set made the first time (200).",
  access: "user",
  json: autotileSetSchema,
  responses: {
    200: { description: "The set made from the pair earlier.", json: replies.madeImageReply },
    201: { description: "The new set.", json: replies.madeImageReply },
  },
  tool: {
    name: "make_autotile_set",
    idempotent: true,
    title: "Make an autotile set",
    description:
      "Makes an autotile set from two seamless tiles of the same size (make them with make_seamless_tile): the " +
      "object's tile as the upper terrain over another object's as the lower. kind corners (16 tiles) or blob " +
      "(47 tiles). Free.",
    params: objectParam,
    arguments: {
      imageId: "The object's seamless tile (the upper terrain).",
      lowerImageId: "Another object's seamless tile of the same size (the lower terrain).",
      kind: "corners or blob. Default corners.",
    },
    summarize: imageMade("Made an autotile set", "Already made"),
  },
  async handle({ services, user, params, body }) {
    const { image, existing } = await autotileSetImage(
      { db: services.database.db, storage: services.storage, signer: services.imageUrls },
      { workspaceId: user.workspace.id, objectId: params.id, ...body },
    );
    return { status: existing ? 200 : 201, body: { image } };
  },
});
