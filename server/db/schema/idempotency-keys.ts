import { json, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { authUsers } from "./accounts";

/** Answers kept under an Idempotency-Key, so a retried request is not done twice. */

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
