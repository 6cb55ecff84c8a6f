import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { authUsers } from "./accounts";
import { teams } from "./teams";

/**
 * Where records and credits live: a person's own workspace (its id is the person's id) or a
 * team's (its id is the team's id). Styles, objects, images, jobs, keys, events and the
 * balance row in `workspace_balances` belong to one. A row is made with its person or team by a trigger
 * (migration 0027) and goes with it, taking everything in it along.
 */
export const workspaces = pgTable(
  "workspaces",
  {
    id: text("id").primaryKey(),
    personId: text("person_id")
      .unique()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    teamId: text("team_id")
      .unique()
      .references(() => teams.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("workspaces_one_holder", sql`(${t.personId} is null) <> (${t.teamId} is null)`),
    check("workspaces_id_is_holder", sql`${t.id} = coalesce(${t.personId}, ${t.teamId})`),
  ],
);

/**
 * The balance of a workspace (a person's, keyed by the auth user id, or a team's, keyed by the
 * team id): the spec's "users" document, named for what it holds since teams have one too
 * (migration 0032, docs/decisions/108).
 */
export const workspaceBalances = pgTable(
  "workspace_balances",
  {
    id: text("id")
      .primaryKey()
      .references((): AnyPgColumn => workspaces.id, { onDelete: "cascade" }),
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
    check("workspace_balances_credits_non_negative", sql`${t.credits} >= 0`),
    check("workspace_balances_credit_debt_non_negative", sql`${t.creditDebt} >= 0`),
  ],
);
