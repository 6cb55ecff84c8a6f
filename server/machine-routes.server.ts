import express, { type Router } from "express";
import type { Config } from "./config.server";
import { createMcpRoute } from "./mcp/mcp-route.server";
import { mcpResourceMetadataRoutes } from "./mcp/resource-metadata.server";
import type { Services } from "./services";
import { createApi } from "./http/api.server";
import { keyCors } from "./http/key-cors.server";
import { allowedOrigins } from "./http/origin-check.server";

/**
 * What scripts and agents call, as one router: the JSON API at /api, MCP at /mcp and the
 * metadata that says MCP takes API keys. Pages on the origins the operator lists may call
 * both with a key (CORS, answered before anything else reads the request). The server and
 * the test server mount this same router.
 */
export function machineRoutes(options: {
  getServices: () => Promise<Services>;
  config: Pick<Config, "publicUrl" | "publicUrlSet" | "corsOrigins">;
}): Router {
  const { getServices, config } = options;
  const router = express.Router();
  router.use(["/api", "/mcp"], keyCors(config.corsOrigins));
  router.use("/api", createApi({ getServices, origins: config }));
  // For AI agents: API keys only, so it needs no same-origin check (docs/decisions/031); pages
  // only from Motif's own origin or one CORS lets call it, against DNS rebinding (docs/decisions/096).
  const mcpOrigins = [...allowedOrigins(config), ...config.corsOrigins];
  router.use("/mcp", createMcpRoute({ getServices, publicUrl: config.publicUrl, allowedOrigins: mcpOrigins }));
  // How an MCP client learns that this server takes API keys (the MCP authorization spec's discovery).
  router.use(mcpResourceMetadataRoutes({ publicUrl: config.publicUrl }));
  return router;
}
