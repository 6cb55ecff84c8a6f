import { and, eq } from "drizzle-orm";
import { AppError } from "#domain/errors";
import type { TeamRole } from "#domain/teams";
import type { Database } from "../db/client.server";
import { teamMembers, teams } from "../db/schema";

type Reader = Pick<Database, "select">;

/**
 * Where a request acts: the caller's own workspace (its id is theirs) or a team they are in.
 * Every record a request reads or writes is scoped by `id`; the person stays the request's user.
 */
export interface Workspace {
  id: string;
  /** The team's id, or null for the person's own workspace. */
  teamId: string | null;
  /** The team's name; null for the personal workspace. */
  name: string | null;
  /** The caller's role in the team; null in their own workspace. */
  role: TeamRole | null;
  /** Credits the caller may spend from the team's balance a month; null: no limit. */
  monthlyLimit: number | null;
}

export const personalWorkspace = (userId: string): Workspace => ({
  id: userId,
  teamId: null,
  name: null,
  role: null,
  monthlyLimit: null,
});

export const workspaceNotFound = () => new AppError("not_found", "No such workspace.");

/**
 * The workspace `requested` names for `userId`, read now (so a removed member is out at once):
 * their own when nothing or their own id is asked for, the team when they are in it, else null.
 */
export async function findWorkspace(
  db: Reader,
  options: { userId: string; requested: string | null | undefined },
): Promise<Workspace | null> {
  const { userId, requested } = options;
  if (!requested || requested === userId) return personalWorkspace(userId);
  const [row] = await db
    .select({ name: teams.name, role: teamMembers.role, monthlyLimit: teamMembers.monthlyLimit })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.teamId, requested), eq(teamMembers.userId, userId)));
  if (!row) return null;
  return { id: requested, teamId: requested, name: row.name, role: row.role, monthlyLimit: row.monthlyLimit };
}

/** The same, for an explicit request (a header, a key): a workspace they are not in is a 404. */
export async function requireWorkspace(
  db: Reader,
  options: { userId: string; requested: string | null | undefined },
): Promise<Workspace> {
  const workspace = await findWorkspace(db, options);
  if (!workspace) throw workspaceNotFound();
  return workspace;
}
