import { defineOperation } from "../operation.server";
import { referencePage } from "./shared.server";

export const referencePageOperation = defineOperation({
  method: "get",
  path: "/api/docs",
  tag: "Reference",
  summary: "The interactive reference",
  access: "public",
  responses: { 200: { description: "An HTML page.", media: { "text/html": { schema: { type: "string" } } } } },
  async handle({ req, res }) {
    res.setHeader("Cache-Control", "public, max-age=300");
    referencePage(req as never, res, () => undefined);
  },
});
