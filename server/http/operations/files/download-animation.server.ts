import { animationExportSchema } from "#domain/animation";
import { writeAnimationZip } from "../../../objects/animation-image.server";
import { defineOperation } from "../operation.server";
import { binary } from "../reply-docs.server";
import { zipDownload } from "./shared.server";

export const downloadAnimationOperation = defineOperation({
  method: "get",
  path: "/api/images/:id/animation.zip",
  tag: "Files",
  summary: "Download an animation for a game engine",
  description:
    "An animation sheet as a ZIP: `aseprite`, the sheet and Aseprite's JSON (frames with durations, a frame tag per direction: Phaser's `load.aseprite`, Godot's and Unity's Aseprite importers); `texturepacker`, the sheet and TexturePacker's JSON hash with an animation per direction (Phaser's `load.atlas`, PixiJS); `godot`, the sheet and a Godot 4 SpriteFrames (.tres) with an animation per direction named action_direction; `gif`, an animated GIF per direction; `webp`, an animated WebP per direction (lossless, with full transparency). 409 for an image that is not an animation.",
  access: "user",
  query: animationExportSchema,
  errors: [409],
  responses: {
    200: {
      description: "The ZIP.",
      media: { "application/zip": { schema: binary } },
      headers: { "Content-Disposition": { description: "attachment", schema: { type: "string" } } },
    },
  },
  async handle({ res, services, user, params, query }) {
    await writeAnimationZip(
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
