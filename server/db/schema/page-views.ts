import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** First-party page-view counts, with nothing about the visitor. */

/** First-party page-view counts per day and normalised route path; nothing about the visitor. */
export const pageViews = pgTable(
  "page_views",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);
