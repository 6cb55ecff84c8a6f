import { apiReference } from "@scalar/express-api-reference";
import { OPENAPI_PATH, REFERENCE_SCRIPT_PATH } from "../api-reference.server";
import { signInLinkOrigin } from "../origin-check.server";
import { defineOperation } from "./operation.server";
import { cacheControl } from "./reply-docs.server";

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

/** The document (anyone may read it, and keep it a few minutes) and its interactive reference page. */

export const referenceOperations = [
  defineOperation({
    method: "get",
    path: "/api/openapi.json",
    tag: "Reference",
    summary: "This document",
    access: "public",
    responses: {
      200: {
        description: "The OpenAPI 3.1 document.",
        media: { "application/json": { schema: { type: "object" } } },
        headers: { "Cache-Control": cacheControl("public, max-age=300") },
      },
    },
    async handle({ req, res, services, operations }) {
      // The document builder (zod-openapi) loads with the first request for it, not with the server.
      const { openApiJson } = await import("../openapi.server");
      // Its terms and licence are this instance's pages: PUBLIC_URL, or the loopback address asked.
      const origin = signInLinkOrigin(services.config, `${req.protocol}://${req.get("host")}`);
      res.setHeader("Cache-Control", "public, max-age=300");
      res.type("application/json").send(openApiJson(operations, origin));
    },
  }),
  defineOperation({
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
  }),
];
