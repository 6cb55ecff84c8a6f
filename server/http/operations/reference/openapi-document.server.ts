import { signInLinkOrigin } from "../../origin-check.server";
import { defineOperation } from "../operation.server";
import { cacheControl } from "../reply-docs.server";

export const openapiDocumentOperation = defineOperation({
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
    const { openApiJson } = await import("../../openapi.server");
    // Its terms and licence are this instance's pages: PUBLIC_URL, or the loopback address asked.
    const origin = signInLinkOrigin(services.config, `${req.protocol}://${req.get("host")}`);
    res.setHeader("Cache-Control", "public, max-age=300");
    res.type("application/json").send(openApiJson(operations, origin));
  },
});
