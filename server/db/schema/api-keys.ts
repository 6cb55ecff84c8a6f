import { index, integer, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { authUsers } from "./accounts";
import { workspaces } from "./workspaces";

/** API keys: how programs and agents reach a workspace. */

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
