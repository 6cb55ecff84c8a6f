import type { RequestHandler } from "express";
import type { Services } from "../services";

/** 200 when the database answers, 503 otherwise. */
export function healthCheck(getServices: () => Promise<Services>): RequestHandler {
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      const { database } = await getServices();
      await database.ping();
      res.json({ status: "ok", database: database.kind });
    } catch {
      res.status(503).json({ status: "unavailable" });
    }
  };
}
