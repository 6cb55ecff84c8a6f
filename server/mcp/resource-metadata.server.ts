import { Router } from "express";

/** Where the MCP endpoint's protected-resource metadata is (RFC 9728, as the MCP authorization spec finds it). */
export const resourceMetadataPath = "/.well-known/oauth-protected-resource/mcp";

export const NO_OAUTH =
  "This Motif takes API keys, not OAuth: make one in Settings → API keys and send it as Authorization: Bearer <key> (in your MCP client's headers).";

/**
 * How an MCP client learns how to authenticate here. The MCP authorization spec has clients
 * read the resource's metadata (RFC 9728) from a 401's WWW-Authenticate header; Motif's says
 * that it takes bearer tokens in the header and names no authorization server, because keys
 * are made by a person in the app, not issued by an OAuth flow. The authorization-server
 * documents a client then looks for answer 404 with the same sentence, so a client stops
 * there with a message instead of starting an interactive sign-in that cannot succeed.
 */
export function mcpResourceMetadataRoutes(options: { publicUrl: string }): Router {
  const router = Router();
  const metadata = {
    resource: `${options.publicUrl}/mcp`,
    resource_name: "Motif",
    bearer_methods_supported: ["header"],
    resource_documentation: `${options.publicUrl}/api/docs`,
    // Not an RFC 9728 field: what a person reading the document needs to know.
    authentication: NO_OAUTH,
  };
  router.get(["/.well-known/oauth-protected-resource", resourceMetadataPath], (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.json(metadata);
  });
  router.get(
    [
      "/.well-known/oauth-authorization-server",
      "/.well-known/oauth-authorization-server/mcp",
      "/.well-known/openid-configuration",
      "/.well-known/openid-configuration/mcp",
      "/mcp/.well-known/openid-configuration",
    ],
    (_req, res) => {
      res.setHeader("Cache-Control", "public, max-age=3600");
      res.status(404).json({ error: "not_found", error_description: NO_OAUTH });
    },
  );
  // Dynamic client registration: there is no authorization server to register with.
  router.post("/register", (_req, res) => {
    res.status(404).json({ error: "not_found", error_description: NO_OAUTH });
  });
  return router;
}
