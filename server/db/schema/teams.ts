import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
// Relative imports: drizzle-kit loads this file without the app's path aliases.
import { teamRoles } from "../../../domain/teams";
import { authUsers } from "./accounts";

/** Teams: a group of accounts that share a workspace (domain/teams.ts), its members and invitations. */

export const teams = pgTable("teams", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  createdBy: text("created_by").references(() => authUsers.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Who is in a team, and as what. Exactly one owner per team (the partial unique index). */
export const teamMembers = pgTable(
  "team_members",
  {
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    role: text("role", { enum: teamRoles }).notNull(),
    /** Credits the member may spend from the team's balance a month; null for no limit. */
    monthlyLimit: integer("monthly_limit"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index("team_members_user_idx").on(t.userId),
    uniqueIndex("team_members_one_owner")
      .on(t.teamId)
      .where(sql`role = 'owner'`),
  ],
);

/**
 * An invitation by e-mail: only the SHA-256 of its link's token is kept. It is used once, by the
 * address it was sent to, before it expires; an owner or admin can withdraw it.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: teamRoles }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => authUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => authUsers.id, { onDelete: "set null" }),
  },
  (t) => [
    index("team_invitations_team_idx").on(t.teamId, t.createdAt),
    index("team_invitations_email_idx").on(t.email),
  ],
);
