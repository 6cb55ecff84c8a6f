import { defineOperation } from "../operation.server";
import { binary, cacheControl, etag, ifNoneMatch, notModified } from "../reply-docs.server";
import { serveOriginal } from "./shared.server";

export const downloadImageOperation = defineOperation({
  method: "get",
  path: "/api/images/:id",
  tag: "Files",
  summary: "Download an image",
  description: "The stored file (PNG or WebP), to its owner only. Files never change: it may be cached for a year.",
  access: "user",
  headers: ifNoneMatch,
  responses: {
    200: {
      description: "The image.",
      media: { "image/png": { schema: binary }, "image/webp": { schema: binary } },
      headers: { ETag: etag, "Cache-Control": cacheControl("private, max-age=31536000, immutable") },
    },
    304: notModified,
  },
  async handle(context) {
    await serveOriginal("image", context);
  },
});
