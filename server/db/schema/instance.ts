import { boolean, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The instance itself: its secrets, its settings and the last check of each model. */

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
 * The instance's settings an operator changed in the console, by name (`domain/instance-settings.ts`):
 * a row wins over the environment's value; no row means the environment's value.
 */
export const instanceSettings = pgTable("instance_settings", {
  name: text("name").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by").notNull(),
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
