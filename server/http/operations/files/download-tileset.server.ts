import { tilesetQuerySchema } from "#domain/tiles";
import { writeTilesetZip } from "../../../objects/tileset-export.server";
import { defineOperation } from "../operation.server";
import { binary } from "../reply-docs.server";
import { zipDownload } from "./shared.server";

export const downloadTilesetOperation = defineOperation({
  method: "get",
  path: "/api/images/:id/tileset.zip",
  tag: "Files",
  summary: "Download an autotile set for Tiled or Godot",
  description:
    "An autotile set as a ZIP: its PNG and, `for=tiled`, a Tiled tileset (.tsx) whose Wang set names every tile's corners (and sides, for a blob set) and a sample map (.tmx) painted by its rules; `for=godot`, a Godot 4 TileSet (.tres) with the two terrains and every tile's peering bits. 409 for an image that is not an autotile set.",
  access: "user",
  query: tilesetQuerySchema,
  errors: [409],
  responses: {
    200: {
      description: "The ZIP.",
      media: { "application/zip": { schema: binary } },
      headers: { "Content-Disposition": { description: "attachment", schema: { type: "string" } } },
    },
  },
  async handle({ res, services, user, params, query }) {
    await writeTilesetZip(
      { db: services.database.db, storage: services.storage },
      {
        workspaceId: user.workspace.id,
        imageId: params.id,
        for: query.for,
        out: res,
        onReady: zipDownload(res),
      },
    );
  },
});
