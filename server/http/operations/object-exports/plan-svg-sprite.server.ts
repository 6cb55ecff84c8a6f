import { svgSpritePlanQuerySchema, svgSpritePlanSchema } from "#domain/exports";
import { selectExportObjects } from "../../../objects/export-zip.server";
import { svgSpritePlan } from "../../../objects/svg-sprite.server";
import { defineOperation } from "../operation.server";

export const planSvgSpriteOperation = defineOperation({
  method: "get",
  path: "/api/objects/svg-sprite.json",
  tag: "Objects",
  summary: "Plan an SVG sprite",
  description:
    "Which of the chosen objects an SVG sprite (`/api/objects/svg-sprite.svg`) would hold, and which it would leave out with why (a style that is not flat, no image yet). Nothing is traced. Choose by `ids` (comma-separated), `setId` or `styleId`.",
  access: "user",
  query: svgSpritePlanQuerySchema,
  responses: { 200: { description: "The objects it holds and the ones it leaves out.", json: svgSpritePlanSchema } },
  async handle({ services, user, query: selection }) {
    const objects = await selectExportObjects(services.database.db, {
      workspaceId: user.workspace.id,
      selection: { ...selection, images: "cover" },
    });
    const { traceable, leftOut } = await svgSpritePlan(services.database.db, objects);
    const traced = traceable.map(({ object }) => ({ id: object.id, name: object.name }));
    return { status: 200, body: { traced, leftOut } };
  },
});
