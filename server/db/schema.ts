import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  json,
  jsonb,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { detailValues, imageSizeValues } from "../../domain/images";
import { imageOperations, type ImageOperationParams } from "../../domain/image-lineage";
import type { ImageCredit } from "../../domain/objects";
import { creditReasonValues } from "../../domain/credits";
import { jobKinds, jobStatuses } from "../../domain/jobs";
import type { SamplesBasis } from "../../domain/styles";
import { webhookEventTypes } from "../../domain/webhooks";

/** The identity behind a sign-in: one per e-mail address. */
export const authUsers = pgTable("auth_users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A federated identity (GitHub, Google…) linked to an auth user. */
export const oauthAccounts = pgTable(
  "oauth_accounts",
  {
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerAccountId] }), index("oauth_accounts_user_idx").on(t.userId)],
);

/** E-mailed sign-in links. Only the SHA-256 of the token is stored; a row is deleted when redeemed. */
export const loginTokens = pgTable(
  "login_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_tokens_email_idx").on(t.email)],
);

/** Short-lived, single-use tokens a verified sign-in exchanges for a session (POST /api/auth/token). */
export const idTokens = pgTable("id_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => authUsers.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Server sessions; the cookie holds a random id, the table its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** OAuth sign-ins in progress: state and PKCE verifier, single use. */
export const oauthStates = pgTable("oauth_states", {
  state: text("state").primaryKey(),
  provider: text("provider").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  redirectTo: text("redirect_to").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Addresses that have received the sign-up credits, as a hash of their mailbox
 * (server/users/signup-grants.server.ts). Kept when the account is deleted, so that
 * signing up again with the same address does not grant them twice.
 */
export const signupGrants = pgTable("signup_grants", {
  addressHash: text("address_hash").primaryKey(),
  grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every process (sign-in rate limits). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

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

/** The spec's "users" document: one row per authenticated user, keyed by the auth user id. */
export const users = pgTable(
  "users",
  {
    id: text("id")
      .primaryKey()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    credits: integer("credits").notNull().default(0),
    /**
     * Credits owed after a refunded or disputed purchase took back more than the
     * balance held. Spending waits until a purchase or the operator settles it.
     */
    creditDebt: integer("credit_debt").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("users_credits_non_negative", sql`${t.credits} >= 0`),
    check("users_credit_debt_non_negative", sql`${t.creditDebt} >= 0`),
  ],
);

export const creditReasons = creditReasonValues;
export type CreditReason = (typeof creditReasons)[number];

/**
 * Every change of users.credits is one row here, written in the same transaction.
 * (reason, ref) is unique so a retried operation cannot apply twice.
 */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    reason: text("reason", { enum: creditReasons }).notNull(),
    ref: text("ref").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    /** The API key a direct charge (not a job's) was made with, for its monthly cap. */
    apiKeyId: text("api_key_id").references((): AnyPgColumn => apiKeys.id, { onDelete: "set null" }),
    /** How this line moved users.credit_debt: up when a take-back exceeded the balance, down when settled. */
    debtDelta: integer("debt_delta").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("credit_ledger_reason_ref_unique").on(t.reason, t.ref),
    index("credit_ledger_user_idx").on(t.userId, t.createdAt),
    // The balance's version is the newest ledger id of a user (credits.server.ts).
    index("credit_ledger_user_id_idx").on(t.userId, t.id),
    check("credit_ledger_balance_after_non_negative", sql`${t.balanceAfter} >= 0`),
    check(
      "credit_ledger_reason_known",
      sql`${t.reason} in ('signup_grant','generation_reserve','generation_refund','purchase','admin_adjust','background_removal','purchase_refunded','purchase_disputed')`,
    ),
  ],
);

/**
 * A Stripe Checkout Session for a pack of credits: written when it is created, paid
 * when Stripe says so. Its credits are granted once (the ledger's purchase line, ref =
 * the session id); refunds and lost disputes take back at most what it granted.
 */
export const creditPurchases = pgTable(
  "credit_purchases",
  {
    checkoutSessionId: text("checkout_session_id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    packId: text("pack_id").notNull(),
    credits: integer("credits").notNull(),
    /** The price in the currency's smallest unit. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    paymentIntentId: text("payment_intent_id").unique(),
    chargeId: text("charge_id"),
    /** Stripe's receipt page for the charge, when it gave one. */
    receiptUrl: text("receipt_url"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Credits taken back by refunds and a lost dispute: never more than `credits`. */
    creditsTakenBack: integer("credits_taken_back").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_purchases_user_idx").on(t.userId, t.createdAt),
    check("credit_purchases_taken_back_within", sql`${t.creditsTakenBack} between 0 and ${t.credits}`),
  ],
);

export { detailValues, imageSizeValues, jobKinds, jobStatuses };

/** A reusable look, owned by one user (built-in presets live in code: app/lib/presets.ts). */
export const styles = pgTable(
  "styles",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id").references(() => authUsers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    source: text("source", { enum: ["text", "image"] }).notNull(),
    /** The user's words; empty for a style made from reference images alone. */
    description: text("description").notNull(),
    /** For a style without a description: the words derived from its reference images. */
    derivedDescription: text("derived_description"),
    prompt: text("prompt").notNull(),
    palette: jsonb("palette").$type<string[]>().notNull().default([]),
    seed: integer("seed").notNull(),
    defaultSize: text("default_size", { enum: imageSizeValues }).notNull().default("square"),
    defaultDetail: text("default_detail", { enum: detailValues }).notNull().default("standard"),
    defaultTransparent: boolean("default_transparent").notNull().default(true),
    /** The model (provider id) this style's generations use unless the user picks another; null: the operator's default. */
    defaultModel: text("default_model"),
    /** What the current samples were made for (null: not recorded); a style that moved on shows them as out of date. */
    samplesBasis: jsonb("samples_basis").$type<SamplesBasis>(),
    /** The built-in preset the composer made this style from (one per user and preset). */
    presetId: text("preset_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("styles_owner_idx").on(t.ownerId, t.createdAt),
    uniqueIndex("styles_owner_preset_unique").on(t.ownerId, t.presetId),
  ],
);

/** Images a user uploaded to define a style. */
export const styleReferences = pgTable(
  "style_references",
  {
    id: text("id").primaryKey(),
    styleId: text("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    fileKey: text("file_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("style_references_style_idx").on(t.styleId)],
);

export type { JobStatus } from "../../domain/jobs";

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
      .references(() => authUsers.id, { onDelete: "cascade" }),
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

/**
 * A named thing in one style ("treasure chest"), with one or more images (its
 * variants; one is the cover). `set_id` is the job that first made it: a set is what
 * one submission made.
 */
export const objects = pgTable(
  "objects",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    styleId: text("style_id")
      .notNull()
      .references(() => styles.id, { onDelete: "cascade" }),
    setId: text("set_id").notNull(),
    name: text("name").notNull(),
    prompt: text("prompt"),
    size: text("size", { enum: imageSizeValues }).notNull(),
    detail: text("detail", { enum: detailValues }).notNull(),
    transparent: boolean("transparent").notNull(),
    /** The image shown for the object; the first one made until the user picks another. */
    coverImageId: text("cover_image_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("objects_owner_created_idx").on(t.ownerId, t.createdAt, t.id),
    index("objects_owner_name_idx").on(t.ownerId, t.name, t.id),
    index("objects_style_idx").on(t.styleId),
    index("objects_set_idx").on(t.setId),
  ],
);

/** A stored, generated image. */
export const images = pgTable(
  "images",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    styleId: text("style_id").references(() => styles.id, { onDelete: "cascade" }),
    jobId: text("job_id").references(() => generationJobs.id, { onDelete: "set null" }),
    position: integer("position").notNull(),
    objectId: text("object_id").references(() => objects.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["anchor", "object"] }).notNull(),
    subject: text("subject").notNull(),
    fileKey: text("file_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    format: text("format").notNull(),
    hasAlpha: boolean("has_alpha").notNull(),
    bytes: integer("bytes").notNull(),
    seed: integer("seed"),
    provider: text("provider").notNull(),
    model: text("model").notNull(),
    prompt: text("prompt").notNull(),
    size: text("size", { enum: imageSizeValues }).notNull().default("square"),
    detail: text("detail", { enum: detailValues }).notNull().default("standard"),
    transparent: boolean("transparent").notNull().default(false),
    /** What this image cost its owner. */
    credits: integer("credits").notNull().default(0),
    /** How long the provider took to make it. */
    durationMs: integer("duration_ms"),
    /**
     * The image this one was made from (a background removal's source); null for one a
     * model generated. A source keeps one background-removed image: asking again returns it.
     */
    parentImageId: text("parent_image_id").references((): AnyPgColumn => images.id, { onDelete: "set null" }),
    /** How it was made: by a model, or from its parent (docs/decisions/070). */
    operation: text("operation", { enum: imageOperations }).notNull().default("generated"),
    /** What the operation was asked for (an upscale's factor and method). */
    operationParams: jsonb("operation_params").$type<ImageOperationParams>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** A preview drawing's source icon, library and licence (docs/decisions/066); null otherwise. */
    credit: jsonb("credit").$type<ImageCredit>(),
  },
  (t) => [
    uniqueIndex("images_job_position_unique").on(t.jobId, t.position),
    index("images_style_idx").on(t.styleId),
    index("images_object_idx").on(t.objectId, t.createdAt),
    index("images_parent_idx").on(t.parentImageId),
  ],
);

/** Per-user events for the live stream (job progress, balance); kept briefly so clients can resume. */
export const userEvents = pgTable(
  "user_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("user_events_user_idx").on(t.userId, t.id)],
);

/**
 * An Idempotency-Key and the answer it was first given: a key belongs to one user and
 * one request (the SHA-256 of its method, path and body). `status` is null while the
 * first request runs; the answer is kept until `expires_at`, whatever happens to what
 * it made.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    // json, not jsonb: a replay sends the very text the first answer sent, keys in order.
    body: json("body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_expires_idx").on(t.expiresAt)],
);

/**
 * Open event streams across every process, for the per-user and per-address caps: each
 * stream holds a row while open, renewed at each keep-alive; a process that dies leaves
 * rows that lapse after a few keep-alives.
 */
export const eventStreamLeases = pgTable(
  "event_stream_leases",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    ip: text("ip").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("event_stream_leases_user_idx").on(t.userId, t.expiresAt),
    index("event_stream_leases_ip_idx").on(t.ip, t.expiresAt),
  ],
);

/**
 * Secrets the instance makes for itself and every process shares, by name: the key that
 * signs image URLs (server/images/signed-urls.server.ts). Made once, on first start.
 */
export const instanceSecrets = pgTable("instance_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last connection check of each model on offer (at start, every minute while it fails,
 * and from the setup page): the composer marks a model whose check failed instead of taking
 * money for images it cannot make. Shared by every process.
 */
export const providerChecks = pgTable("provider_checks", {
  provider: text("provider").primaryKey(),
  model: text("model").notNull(),
  ok: boolean("ok").notNull(),
  /** Why it failed, in the operator's words (never a key); empty when it answered. */
  message: text("message").notNull(),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A number that grows whenever any of the person's styles, references, jobs, objects or images
 * changes, by a trigger at commit (migration 0019), so a page made from them can be kept until
 * it grows (docs/decisions/065).
 */
export const userDataVersions = pgTable("user_data_versions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => authUsers.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
