import type { RequestHandler } from "express";
import { sendJsonRpcError } from "./json-rpc-error.server";

/**
 * DNS-rebinding protection, as the MCP transport spec (2025-11-25) requires: a request whose
 * Origin is not one of `allowed` gets a 403 before anything else reads it. A page on a name
 * that an attacker pointed at this server's address sends its own Origin, so it is refused
 * even though the Host it reached is ours. A request with no Origin is no browser page (an
 * editor, an agent, curl) and goes on to the API key check.
 */
export function refuseForeignOrigins(allowed: readonly string[]): RequestHandler {
  const origins = new Set(allowed);
  return (req, res, next) => {
    const origin = req.get("Origin");
    if (origin === undefined || origins.has(origin)) return next();
    sendJsonRpcError(res, 403, `A page on ${origin} may not call this MCP server.`);
  };
}
