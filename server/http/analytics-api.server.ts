import { sql } from "drizzle-orm";
import { Router } from "express";
import { z } from "zod";
import { knownRoutePaths } from "~/lib/route-path";
import { pageViews } from "../db/schema";
import type { Services } from "../services.server";

// Only the app's own route paths: the table stays small whoever posts to it.
export const pageViewSchema = z.object({ path: z.enum(knownRoutePaths) });

/** Counts page views per day and route; stores no visitor data. */
export function analyticsApi(getServices: () => Promise<Services>): Router {
  const router = Router();
  router.post("/pageview", async (req, res) => {
    const { path } = pageViewSchema.parse(req.body);
    const { database } = await getServices();
    await database.db
      .insert(pageViews)
      .values({ day: sql`current_date`, path, views: 1 })
      .onConflictDoUpdate({ target: [pageViews.day, pageViews.path], set: { views: sql`${pageViews.views} + 1` } });
    res.status(204).end();
  });
  return router;
}
