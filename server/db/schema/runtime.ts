import {
  bigint,
  boolean,
  json,
  jsonb,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { auditActions } from "../../../domain/audit";
import { authUsers } from "./accounts";
import { workspaces } from "./workspaces";

/** What the running instance keeps between processes: live events, idempotency, stream leases, secrets, checks. */

/** Per-user events for the live stream (job progress, balance); kept briefly so clients can resume. */
export const userEvents = pgTable(
  "user_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references((): AnyPgColumn => workspaces.id, { onDelete: "cascade" }),
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
    .references((): AnyPgColumn => workspaces.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

/**
 * What operators did, in order: who, what, to whom, before → after, and why. Append-only: the app
 * has no way to change or remove a line, and the database refuses it (a trigger, in the migration).
 * The subject is kept by id and address, not by reference, so a deleted account's lines remain.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: text("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    action: text("action", { enum: auditActions }).notNull(),
    subjectId: text("subject_id"),
    subjectEmail: text("subject_email"),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_subject_idx").on(t.subjectId, t.createdAt)],
);

/**
 * The instance's settings an operator changed in the console, by name (`domain/instance-settings.ts`):
 * a row wins over the environment's value; no row means the environment's value.
 */
export const instanceSettings = pgTable("instance_settings", {
  name: text("name").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by").notNull(),
});
