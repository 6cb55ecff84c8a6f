import { appIconsQuerySchema } from "#domain/exports";
import { writeAppIconsZip } from "../../../objects/app-icons-export.server";
import { slugify } from "../../../objects/export-zip.server";
import { defineOperation } from "../operation.server";
import { zipDownload } from "../reply-docs.server";
import { sendingZip, failedDownload } from "./shared.server";

export const downloadAppIconsOperation = defineOperation({
  method: "get",
  path: "/api/objects/:id/app-icons.zip",
  tag: "Objects",
  summary: "Download app icons",
  description:
    "App icons made from one of the object's images (its cover unless `imageId` names another): PNGs of every size from 16 to 1024 (`png/`), a `favicon.ico` (16, 32 and 48), an Xcode `ios/AppIcon.appiconset` with its `Contents.json` (opaque, on `background`: the App Store refuses transparency) and Android's `android/mipmap-*/ic_launcher.png` with a 512 px Play Store icon.",
  access: "user",
  query: appIconsQuerySchema,
  responses: {
    200: zipDownload("…-app-icons.zip"),
  },
  async handle({ res, services, user, params, query }) {
    await writeAppIconsZip(
      { db: services.database.db, storage: services.storage },
      {
        workspaceId: user.workspace.id,
        objectId: params.id,
        ...query,
        out: res,
        onReady: (objectName) => sendingZip(res, `${slugify(objectName)}-app-icons.zip`),
      },
    ).catch(failedDownload(res));
  },
});
