import { jsonb, bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { auditActions } from "../../../domain/audit";

/** What operators and owners did, kept for the operator console. */

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
