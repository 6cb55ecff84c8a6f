import { spriteSheetQuerySchema } from "#domain/exports";
import { selectExportObjects } from "../../../objects/export-zip.server";
import { writeSpriteSheetZip } from "../../../objects/sprite-export.server";
import { defineOperation } from "../operation.server";
import { zipDownload } from "../reply-docs.server";
import { sendingZip, failedDownload, shortName } from "./shared.server";

export const downloadSpriteSheetOperation = defineOperation({
  method: "get",
  path: "/api/objects/sprite-sheet.zip",
  tag: "Objects",
  summary: "Download a sprite sheet",
  description:
    "The chosen objects' images (the covers, or all) packed into one PNG (`sprites.png`, at most 4096 × 4096) with its atlas in TexturePacker's JSON hash format (`sprites.json`), which Phaser's `load.atlas` and PixiJS's `Assets.load` read. Each picture is scaled to fit a `frameSize` square, its see-through border cut off when `trim` is on (the atlas keeps where it sat), with `padding` pixels between frames. Frames are named after their objects. Choose by `ids` (comma-separated), `setId` or `styleId`. Refused with 400 when the images do not fit one sheet.",
  access: "user",
  query: spriteSheetQuerySchema,
  responses: {
    200: zipDownload("…-sprites.zip"),
  },
  async handle({ res, services, user, query }) {
    const { images, frameSize, padding, trim, ...selection } = query;
    const objects = await selectExportObjects(services.database.db, {
      workspaceId: user.workspace.id,
      selection: { ...selection, images },
    });
    await writeSpriteSheetZip(
      { db: services.database.db, storage: services.storage },
      {
        objects,
        images,
        sheet: { frameSize, padding, trim },
        out: res,
        onPacked: () => sendingZip(res, `${shortName(objects)}-sprites.zip`),
      },
    ).catch(failedDownload(res));
  },
});
