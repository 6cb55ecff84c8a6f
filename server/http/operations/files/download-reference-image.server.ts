import { defineOperation } from "../operation.server";
import { binary, etag, ifNoneMatch, notModified } from "../reply-docs.server";
import { serveOriginal } from "./shared.server";

export const downloadReferenceImageOperation = defineOperation({
  method: "get",
  path: "/api/files/reference/:id",
  tag: "Files",
  summary: "Download a reference image",
  access: "user",
  headers: ifNoneMatch,
  responses: {
    200: { description: "The image.", media: { "image/png": { schema: binary } }, headers: { ETag: etag } },
    304: notModified,
  },
  async handle(context) {
    await serveOriginal("reference", context);
  },
});
