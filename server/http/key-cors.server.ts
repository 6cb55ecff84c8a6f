import cors from "cors";
import type { RequestHandler } from "express";

/** What a page on an allowed origin may send: a key, JSON, and the headers the API and MCP read. */
const ALLOWED_HEADERS = [
  "Authorization",
  "Content-Type",
  "Accept",
  "Idempotency-Key",
  "Last-Event-ID",
  "Mcp-Protocol-Version",
  "Mcp-Session-Id",
];

/** What it may read of an answer besides the body: limits, where a file is named, how to retry. */
const EXPOSED_HEADERS = [
  "RateLimit",
  "RateLimit-Policy",
  "Retry-After",
  "Content-Disposition",
  "Idempotent-Replayed",
  "WWW-Authenticate",
  "Mcp-Session-Id",
];

/**
 * Cross-origin calls with an API key, from the origins the operator lists in CORS_ORIGINS
 * (a studio's own asset tool, a browser MCP client): preflights are answered and replies
 * readable there. Never with credentials: a cookie is not sent, nor would its answer be
 * readable, so a page elsewhere acts only through a key its user gave it, and the same-origin
 * check still refuses a cookie's change from another origin. No origins: no CORS at all.
 */
export function keyCors(origins: readonly string[]): RequestHandler {
  if (origins.length === 0) return (_req, _res, next) => next();
  return cors({
    origin: [...origins],
    credentials: false,
    methods: ["GET", "HEAD", "POST", "PATCH", "DELETE"],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
}
