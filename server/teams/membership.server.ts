import { and, eq } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { teamPermits, type TeamAction, type TeamRole } from "#domain/teams";
import type { Transaction } from "../credits/credits.server";
import type { Database } from "../db/client.server";
import { teams, teamMembers } from "../db/schema";

type Reader = Pick<Database, "select">;

export const teamNotFound = () => new AppError("not_found", "No such team.");

/** `userId`'s role in `teamId`; a team they are not in reads as missing (404), whether or not it exists. */
export async function roleIn(db: Reader, teamId: string, userId: string): Promise<TeamRole> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  if (!row) throw teamNotFound();
  return row.role;
}

const refusals: Record<TeamAction, string> = {
  leave: "You cannot leave this team.",
  manage_members: "Only the team's owner and admins can do that.",
  rename: "Only the team's owner and admins can rename it.",
  transfer: "Only the team's owner can hand it over.",
  delete: "Only the team's owner can delete it.",
};

/**
 * Inside a change to a team: locks the team's row (changes to one team happen one at a time, so
 * two admins cannot each remove the other's rights at once), then checks that `userId` may do
 * `action`. Non-members get 404, members without the right 403.
 */
export async function lockTeamFor(tx: Transaction, teamId: string, userId: string, action: TeamAction) {
  const [team] = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.id, teamId))
    .for("update");
  if (!team) throw teamNotFound();
  const role = await roleIn(tx, teamId, userId);
  if (!teamPermits(role, action)) throw new AppError("forbidden", refusals[action]);
  return { team, role };
}
