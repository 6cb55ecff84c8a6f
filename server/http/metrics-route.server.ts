import { timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { registry } from "../metrics/metrics.server";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics (Prometheus). Never public by default: with METRICS_TOKEN set it wants
 * `Authorization: Bearer <token>`; without, it answers only a scraper on this machine that
 * came directly, not through a proxy.
 */
export function metricsRoute(options: { token?: string }): RequestHandler {
  return async (req, res) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.get("Authorization") ?? "")?.[1];
    const allowed = options.token
      ? bearer !== undefined && sameSecret(bearer, options.token)
      : LOOPBACK.has(req.socket.remoteAddress ?? "") && req.get("X-Forwarded-For") === undefined;
    if (!allowed) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).type("text/plain").send("Metrics need METRICS_TOKEN as a bearer token.\n");
      return;
    }
    res.setHeader("Cache-Control", "no-store");
    res.type(registry.contentType).send(await registry.metrics());
  };
}
