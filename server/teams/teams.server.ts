import { and, asc, count, eq, gt, isNull, sql, type SQLWrapper } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { TEAMS_PER_USER_MAX, type TeamDetail, type TeamSummary } from "#domain/teams";
import { randomToken } from "../auth/tokens.server";
import { getBalance, type Transaction } from "../credits/credits.server";
import { monthStart } from "../credits/key-spending.server";
import { spentByMembers } from "../credits/member-limits.server";
import type { Database } from "../db/client.server";
import { preparedFor } from "../db/prepared.server";
import { announceSessionsEnded } from "../events/events.server";
import { authUsers, teamInvitations, teamMembers, teams } from "../db/schema";
import { lockTeamFor, roleIn, teamNotFound } from "./membership.server";

const memberCount = sql<number>`(select count(*)::int from team_members m where m.team_id = ${teams.id})`;

/** Makes a team with its maker as owner. */
export async function createTeam(db: Database, options: { userId: string; name: string }): Promise<TeamSummary> {
  return db.transaction(async (tx) => {
    // One count at a time per user: two creations at once cannot pass the cap together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`teams:${options.userId}`}))`);
    const [owned] = await tx.select({ n: count() }).from(teamMembers).where(eq(teamMembers.userId, options.userId));
    if ((owned?.n ?? 0) >= TEAMS_PER_USER_MAX)
      throw new AppError("conflict", `You can be in at most ${TEAMS_PER_USER_MAX} teams.`);
    const id = `tm_${randomToken().slice(0, 20)}`;
    const [team] = await tx.insert(teams).values({ id, name: options.name, createdBy: options.userId }).returning();
    await tx.insert(teamMembers).values({ teamId: id, userId: options.userId, role: "owner" });
    return { id, name: team!.name, role: "owner", members: 1, createdAt: team!.createdAt.toISOString() };
  });
}

/** The teams `userId` is in, oldest first, with their role in each. */
export async function listTeams(db: Database, userId: string): Promise<TeamSummary[]> {
  const rows = await teamsOf(db).execute({ userId });
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Read for every signed-in document (the workspace switcher): prepared once per database handle. */
const teamsOf = preparedFor((db) =>
  db
    .select({
      id: teams.id,
      name: teams.name,
      role: teamMembers.role,
      members: memberCount,
      createdAt: teams.createdAt,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, sql.placeholder("userId")))
    .orderBy(asc(teams.createdAt), asc(teams.id))
    .prepare("teams_of"),
);

/**
 * The teams `userId` is in, oldest first (as `listTeams`), as a JSON array of their ids and names:
 * the workspace switcher's, for a statement that reads it with more (`server/ui/shell-start.server.ts`).
 */
export const teamNamesOf = (userId: SQLWrapper) =>
  sql<
    { id: string; name: string }[]
  >`coalesce((select json_agg(json_build_object('id', ${teams.id}, 'name', ${teams.name}) order by ${teams.createdAt}, ${teams.id}) from ${teamMembers} inner join ${teams} on ${teams.id} = ${teamMembers.teamId} where ${teamMembers.userId} = ${userId}), '[]'::json)`;

/** A team as its members see it: everyone in it, and (for owners and admins) its pending invitations. */
export async function readTeam(db: Database, options: { teamId: string; userId: string }): Promise<TeamDetail> {
  const role = await roleIn(db, options.teamId, options.userId);
  const [team] = await db.select().from(teams).where(eq(teams.id, options.teamId));
  if (!team) throw teamNotFound();
  const members = await db
    .select({
      userId: teamMembers.userId,
      email: authUsers.email,
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
      monthlyLimit: teamMembers.monthlyLimit,
    })
    .from(teamMembers)
    .innerJoin(authUsers, eq(authUsers.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, options.teamId))
    .orderBy(
      sql`case ${teamMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(teamMembers.joinedAt),
    );
  const invitations =
    role === "member"
      ? []
      : await db
          .select({
            id: teamInvitations.id,
            email: teamInvitations.email,
            role: teamInvitations.role,
            invitedBy: authUsers.email,
            createdAt: teamInvitations.createdAt,
            expiresAt: teamInvitations.expiresAt,
          })
          .from(teamInvitations)
          .leftJoin(authUsers, eq(authUsers.id, teamInvitations.invitedBy))
          .where(
            and(
              eq(teamInvitations.teamId, options.teamId),
              isNull(teamInvitations.acceptedAt),
              gt(teamInvitations.expiresAt, sql`now()`),
            ),
          )
          .orderBy(asc(teamInvitations.createdAt));
  const spent = await spentByMembers(db, { workspaceId: team.id, since: monthStart() });
  return {
    id: team.id,
    name: team.name,
    role,
    members: members.length,
    createdAt: team.createdAt.toISOString(),
    credits: await getBalance(db, team.id),
    memberList: members.map((m) => ({
      ...m,
      joinedAt: m.joinedAt.toISOString(),
      spentThisMonth: spent.get(m.userId) ?? 0,
    })),
    invitations: invitations.map((i) => ({
      ...i,
      invitedBy: i.invitedBy ?? null,
      createdAt: i.createdAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}

export async function renameTeam(db: Database, options: { teamId: string; userId: string; name: string }) {
  await db.transaction(async (tx) => {
    await lockTeamFor(tx, options.teamId, options.userId, "rename");
    await tx.update(teams).set({ name: options.name }).where(eq(teams.id, options.teamId));
  });
  return readTeam(db, options);
}

/**
 * The owner deletes the team: its members, invitations and workspace (styles, objects, jobs, balance)
 * go with it; the caller removes its files.
 */
export async function deleteTeam(db: Database, options: { teamId: string; userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTeamFor(tx, options.teamId, options.userId, "delete");
    await tx.delete(teams).where(eq(teams.id, options.teamId));
    await announceSessionsEnded(tx, options.teamId);
  });
}

/**
 * When an account is deleted, the teams it owns are not left without an owner: the longest-standing
 * admin (or else member) becomes owner; a team with nobody else goes with the account. Answers the
 * ids of the teams that went (their files are the caller's to remove).
 */
export async function handOverTeamsOf(tx: Transaction, userId: string): Promise<string[]> {
  const deleted: string[] = [];
  const owned = await tx
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.role, "owner")));
  for (const { teamId } of owned) {
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for("update");
    const [heir] = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), sql`${teamMembers.userId} <> ${userId}`))
      .orderBy(sql`case ${teamMembers.role} when 'admin' then 0 else 1 end`, asc(teamMembers.joinedAt))
      .limit(1);
    if (!heir) {
      await tx.delete(teams).where(eq(teams.id, teamId));
      deleted.push(teamId);
      continue;
    }
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    await tx
      .update(teamMembers)
      .set({ role: "owner" })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, heir.userId)));
  }
  return deleted;
}
