import { sql } from "drizzle-orm";
import { pageViews } from "../../../db/schema";
import { defineOperation } from "../operation.server";
import { z } from "zod";
import { knownRoutePaths } from "#domain/route-path";

// Only the app's own route paths: the table stays small whoever posts to it.
const pageViewSchema = z.object({ path: z.enum(knownRoutePaths) });

export const countPageViewOperation = defineOperation({
  method: "post",
  path: "/api/analytics/pageview",
  tag: "Setup",
  summary: "Count a page view",
  description: "Per day and route; no visitor data is kept.",
  access: "public",
  json: pageViewSchema,
  responses: { 204: { description: "Counted." } },
  // Counts page views per day and route; stores no visitor data.
  async handle({ services, body }) {
    await services.database.db
      .insert(pageViews)
      .values({ day: sql`current_date`, path: body.path, views: 1 })
      .onConflictDoUpdate({ target: [pageViews.day, pageViews.path], set: { views: sql`${pageViews.views} + 1` } });
    return { status: 204 };
  },
});
