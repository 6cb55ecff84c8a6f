import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp } from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { authUsers } from "./accounts";
import { teams } from "./teams";

/**
 * Where records and credits live: a person's own workspace (its id is the person's id) or a
 * team's (its id is the team's id). Styles, objects, images, jobs, keys, events and the
 * balance row in `users` belong to one. A row is made with its person or team by a trigger
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
