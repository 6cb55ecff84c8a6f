import { defineOperation } from "../operation.server";
import { apiReference } from "@scalar/express-api-reference";
import { OPENAPI_PATH, REFERENCE_SCRIPT_PATH } from "../../api-reference.server";

/** The reference page: Scalar's, pointed at this document and at its script on our own origin. */
const referencePage = apiReference({
  url: OPENAPI_PATH,
  pageTitle: "Motif API",
  // The UMD build from our own origin, instead of the CDN's.
  cdn: REFERENCE_SCRIPT_PATH,
  // Nothing leaves the page but calls to this Motif: no web fonts, telemetry or hosted helpers.
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: "never",
  mcp: { disabled: true },
  agent: { disabled: true },
  persistAuth: false,
});

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
