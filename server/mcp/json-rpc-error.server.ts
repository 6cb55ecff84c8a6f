import type { Response } from "express";

/** JSON-RPC's codes the route answers with: -32000 is the server's own (auth, limits, origins). */
export const JSON_RPC = { parseError: -32700, invalidRequest: -32600, internalError: -32603, serverError: -32000 };

/** An error as MCP clients read it: a JSON-RPC error object with no id, with the app's plain message. */
export function sendJsonRpcError(res: Response, status: number, message: string, code = JSON_RPC.serverError) {
  res.setHeader("Cache-Control", "no-store");
  res.status(status).json({ jsonrpc: "2.0", error: { code, message }, id: null });
}
