import { imageSvgQuerySchema } from "#domain/exports";
import { imageSvgDownload } from "../../../objects/svg-export.server";
import { defineOperation } from "../operation.server";

export const downloadImageSvgOperation = defineOperation({
  method: "get",
  path: "/api/images/:id/svg",
  tag: "Files",
  summary: "Download an image as SVG",
  description:
    "The image as SVG, as a download. When a vector model drew it (the image's `vector` is true), its native SVG, sanitised; otherwise the image traced: no background or shadow, its colours snapped to the style's palette. With `singleColour=true` every fill is `currentColor`. Offered for images a vector model drew and for flat styles (icons, line art, pixel art).",
  access: "user",
  query: imageSvgQuerySchema,
  errors: [409],
  responses: {
    200: {
      description: "The SVG.",
      media: { "image/svg+xml": { schema: { type: "string" } } },
      headers: { "Content-Disposition": { description: "attachment", schema: { type: "string" } } },
    },
  },
  // Always a download. The CSP means that even if a hostile SVG got past the sanitiser and
  // were opened directly, it could run nothing and fetch nothing.
  async handle({ res, services, user, params, query }) {
    const { svg, fileName } = await imageSvgDownload(
      { db: services.database.db, storage: services.storage },
      { workspaceId: user.workspace.id, imageId: params.id, singleColour: query.singleColour },
    );
    res.setHeader("Content-Type", "image/svg+xml; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
    res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cache-Control", "private, no-cache");
    res.send(svg);
  },
});
