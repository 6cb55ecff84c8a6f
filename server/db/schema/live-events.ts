import { bigint, jsonb, bigserial, index, pgTable, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { workspaces } from "./workspaces";

/** What pages are told as it happens: per-workspace events, stream leases and data versions. */

/** A workspace's events for the live stream (job progress, balance); kept briefly so clients can resume. */
export const workspaceEvents = pgTable(
  "workspace_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references((): AnyPgColumn => workspaces.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("workspace_events_workspace_idx").on(t.workspaceId, t.id)],
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
 * A number that grows whenever any of the workspace's styles, references, jobs, objects or images
 * changes, by a trigger at commit (migrations 0019 and 0030), so a page made from them can be kept
 * until it grows (docs/decisions/065).
 */
export const workspaceDataVersions = pgTable("workspace_data_versions", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references((): AnyPgColumn => workspaces.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
