import { boolean, jsonb, index, integer, pgTable, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { jobKinds, jobStatuses } from "../../../domain/jobs";
import { authUsers } from "./accounts";
import { workspaces } from "./workspaces";
import { styles } from "./styles";
import { apiKeys } from "./api-keys";

/** Generation jobs: paid work on images, reserved at submit and refunded by rule. */

export type { JobStatus } from "../../../domain/jobs";

/** A paid generation: reserved at submit, refunded once if it does not succeed. */
export const generationJobs = pgTable(
  "generation_jobs",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references((): AnyPgColumn => workspaces.id, { onDelete: "cascade" }),
    /** The member who started it (a team's monthly limits count these); null once their account is gone. */
    createdBy: text("created_by").references(() => authUsers.id, { onDelete: "set null" }),
    kind: text("kind", { enum: jobKinds }).notNull(),
    /** What the job makes, in words (the credit history's line); kept when the style or object goes. */
    title: text("title").notNull().default(""),
    /** Images the job makes: the unit of its price, progress, refunds and queue time. */
    imageCount: integer("image_count").notNull(),
    // Set null, not cascade: the job stays as the record of what was charged and refunded.
    styleId: text("style_id").references(() => styles.id, { onDelete: "set null" }),
    params: jsonb("params").$type<Record<string, unknown>>().notNull(),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    status: text("status", { enum: jobStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    credits: integer("credits").notNull(),
    error: text("error"),
    refunded: boolean("refunded").notNull().default(false),
    /** Credits given back: never more than `credits`, and written once (ledger ref = job id). */
    refundedCredits: integer("refunded_credits").notNull().default(0),
    /** Images this job stored, counted as they are stored: an image deleted later (with its object) still counts as made. */
    imagesMade: integer("images_made").notNull().default(0),
    /** The API key that started it (null: the browser); its monthly cap counts these jobs. */
    apiKeyId: text("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("generation_jobs_owner_idx").on(t.ownerId, t.createdAt),
    index("generation_jobs_status_idx").on(t.status),
    index("generation_jobs_api_key_idx").on(t.apiKeyId, t.createdAt),
    // What each person made, wherever they made it (the console's accounts).
    index("generation_jobs_created_by_idx").on(t.createdBy),
  ],
);
