import { SVG_SPRITE_COUNT_HEADER, svgSpriteQuerySchema } from "#domain/exports";
import { AppError } from "#domain/errors";
import { selectExportObjects } from "../../../objects/export-zip.server";
import { NONE_TRACEABLE, svgSpritePlan, writeSvgSprite } from "../../../objects/svg-sprite.server";
import { defineOperation } from "../operation.server";
import { failedDownload, shortName } from "./shared.server";

export const downloadSvgSpriteOperation = defineOperation({
  method: "get",
  path: "/api/objects/svg-sprite.svg",
  tag: "Objects",
  summary: "Download an SVG sprite",
  description: `One SVG with a \`<symbol>\` per chosen object whose style is flat (icons, line art, pixel art): its cover, traced without its background or shadow and with its colours snapped to the style's palette (or all \`currentColor\` with \`singleColour=true\`), with the object's name as the symbol's id, for \`<svg><use href="sprite.svg#health-potion"/></svg>\`. Objects in other looks are left out (\`/api/objects/svg-sprite.json\` says which, and why); when none is flat, 400. Symbols are streamed as they are traced; the \`${SVG_SPRITE_COUNT_HEADER}\` header says how many will come. Choose by \`ids\` (comma-separated), \`setId\` or \`styleId\`.`,
  access: "user",
  query: svgSpriteQuerySchema,
  responses: {
    200: {
      description: "The SVG sprite.",
      media: { "image/svg+xml": { schema: { type: "string" } } },
      headers: {
        "Content-Disposition": { description: 'attachment; filename="…-sprite.svg"', schema: { type: "string" } },
        [SVG_SPRITE_COUNT_HEADER]: { description: "How many symbols the sprite holds.", schema: { type: "integer" } },
      },
    },
  },
  async handle({ res, services, user, query }) {
    const { singleColour, ...selection } = query;
    const objects = await selectExportObjects(services.database.db, {
      workspaceId: user.workspace.id,
      selection: { ...selection, images: "cover" },
    });
    const { traceable } = await svgSpritePlan(services.database.db, objects);
    if (traceable.length === 0) throw new AppError("bad_request", NONE_TRACEABLE);
    const name = `${shortName(objects)}${singleColour ? "-single-colour" : ""}-sprite.svg`;
    res.setHeader("Content-Type", "image/svg+xml; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${name}"`);
    res.setHeader(SVG_SPRITE_COUNT_HEADER, String(traceable.length));
    // Served as a download and never run: no script can be in it (traced paths only), and none would run.
    res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    res.setHeader("X-Content-Type-Options", "nosniff");
    // no-transform: compression would hold the symbols back, and the reader counts them as they come.
    res.setHeader("Cache-Control", "private, no-store, no-transform");
    res.flushHeaders();
    await writeSvgSprite({ storage: services.storage }, { traceable, singleColour, out: res }).catch(
      failedDownload(res),
    );
  },
});
