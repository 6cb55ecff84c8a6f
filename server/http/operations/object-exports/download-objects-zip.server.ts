import { EXPORT_FILE_COUNT_HEADER } from "#domain/exports";
import { exportQuerySchema } from "#domain/requests/exports";
import { selectExportObjects, writeObjectsZip, slugify } from "../../../objects/export-zip.server";
import { exportZipSamples } from "../../openapi-flow-samples.server";
import { defineOperation } from "../operation.server";
import { zipDownload } from "../reply-docs.server";
import { sendingZip, type Exported, shortName } from "./shared.server";

const downloadName = (objects: Exported[]) =>
  objects.length === 1 ? `${slugify(objects[0]!.styleName)}-${slugify(objects[0]!.name)}` : shortName(objects);

export const downloadObjectsZipOperation = defineOperation({
  method: "get",
  path: "/api/objects/export.zip",
  tag: "Objects",
  summary: "Download objects as a ZIP",
  description:
    "The chosen objects' images (the covers, or all) named by style and object, with a manifest.json of how each was made; SVGs too for flat styles when `svg=true`. Choose by `ids` (comma-separated), `setId` or `styleId`.",
  access: "user",
  query: exportQuerySchema,
  responses: {
    200: {
      ...zipDownload("…zip"),
      headers: {
        ...zipDownload("…zip").headers,
        [EXPORT_FILE_COUNT_HEADER]: {
          description: "How many image files (PNGs and SVGs) the archive holds, besides its manifest.",
          schema: { type: "integer" },
        },
      },
    },
  },
  codeSamples: exportZipSamples,
  async handle({ res, services, user, query: selection }) {
    const objects = await selectExportObjects(services.database.db, { workspaceId: user.workspace.id, selection });
    sendingZip(res, `${downloadName(objects)}.zip`);
    await writeObjectsZip(
      { db: services.database.db, storage: services.storage },
      {
        objects,
        images: selection.images,
        svg: selection.svg,
        out: res,
        onPlanned: (files) => res.setHeader(EXPORT_FILE_COUNT_HEADER, String(files)),
      },
    ).catch((error: unknown) => {
      // The reader went away: nothing to answer, and nothing went wrong here.
      if (!res.destroyed) throw error;
    });
  },
});
