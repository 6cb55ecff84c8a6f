import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { webhookEventTypes } from "../../../domain/webhooks";
import { apiKeys } from "./api-keys";
import { generationJobs } from "./generation-jobs";

/** The webhook events of jobs started with a key, kept until delivered or given up. */

/**
 * One webhook event: a job started with a key ended. Written in the transaction that
 * ends the job (the outbox), then posted through the job queue until it is delivered
 * or given up. At most one per job: a job ends once. A test event (no job) is posted
 * at once, from the request that asked for it, and kept here with its answer.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    /** The event's id (a UUID), sent as Motif-Event-Id for the receiver's dedupe. */
    id: text("id").primaryKey(),
    apiKeyId: text("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    /** The job that ended; null for a test event. */
    jobId: text("job_id").references(() => generationJobs.id, { onDelete: "cascade" }),
    event: text("event", { enum: webhookEventTypes }).notNull(),
    /** The JSON body, fixed at the first attempt: every retry sends the same bytes (jsonb would reorder them). */
    body: text("body"),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** The receiver's last HTTP status (null: none, the request did not get an answer). */
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    /** The start of the receiver's last answer body (up to 1 KB, as text), for the deliveries list. */
    lastResponse: text("last_response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When it was handed to the job queue; null: not yet (the relay picks it up). */
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_job_unique").on(t.jobId),
    index("webhook_deliveries_key_idx").on(t.apiKeyId, t.createdAt),
    index("webhook_deliveries_unqueued_idx")
      .on(t.createdAt)
      .where(sql`${t.queuedAt} is null`),
  ],
);
