import { sql } from "drizzle-orm";
import {
  boolean,
  jsonb,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { jobKinds, jobStatuses } from "../../../domain/jobs";
import { webhookEventTypes } from "../../../domain/webhooks";
import { authUsers } from "./accounts";
import { workspaces } from "./workspaces";
import { styles } from "./styles";

/** API keys, the generation jobs they or a browser start, and the webhook events of their endings. */

export type { JobStatus } from "../../../domain/jobs";

/**
 * A user's API key: only its SHA-256 is kept (the secret is shown once). Revoked keys
 * stay, so the jobs they started still say which key it was.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    /** The workspace the key acts in, chosen when it is made. */
    workspaceId: text("workspace_id")
      .notNull()
      .references((): AnyPgColumn => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The secret's start ("mtf_Ab12Cd34"), to tell keys apart in lists and logs. */
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    /** The most credits the key's generations may spend in a calendar month (UTC); null: no cap. */
    monthlyCreditCap: integer("monthly_credit_cap"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Where its jobs' endings are posted (a public http(s) URL); null: no webhook. */
    webhookUrl: text("webhook_url"),
    /** Signs those posts. Kept readable (signing needs it), shown to the user once; null with no webhook. */
    webhookSecret: text("webhook_secret"),
  },
  (t) => [uniqueIndex("api_keys_secret_hash_unique").on(t.secretHash), index("api_keys_user_idx").on(t.userId)],
);

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
