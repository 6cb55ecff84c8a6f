import { scaledImageQuerySchema } from "#domain/pixel-art";
import { scaledImageDownload } from "../../../objects/pixel-art-image.server";
import { defineOperation } from "../operation.server";
import { binary } from "../reply-docs.server";

export const downloadImageScaledOperation = defineOperation({
  method: "get",
  path: "/api/images/:id/scaled",
  tag: "Files",
  summary: "Download an image enlarged by whole pixels",
  description:
    "The image as a PNG `scale` times its width and height (1–32), by nearest neighbour: every pixel becomes an exact square of itself, as pixel art is used at a size. Refused with 400 when the result would be longer on a side than the instance allows (`UPSCALE_MAX_SIDE`).",
  access: "user",
  query: scaledImageQuerySchema,
  responses: {
    200: {
      description: "The enlarged PNG.",
      media: { "image/png": { schema: binary } },
      headers: { "Content-Disposition": { description: "attachment", schema: { type: "string" } } },
    },
  },
  async handle({ res, services, user, params, query }) {
    const { data, fileName } = await scaledImageDownload(
      { db: services.database.db, storage: services.storage, maxSide: services.config.upscale.maxSide },
      { workspaceId: user.workspace.id, imageId: params.id, scale: query.scale },
    );
    res.setHeader("Content-Type", "image/png");
    res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
    res.setHeader("Cache-Control", "private, max-age=31536000, immutable");
    res.send(data);
  },
});
