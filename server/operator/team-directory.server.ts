import { desc, eq, sql } from "drizzle-orm";
import type { OperatorTeam } from "#domain/operator-users";
import type { Database } from "../db/client.server";
import { teams, workspaceBalances } from "../db/schema";

/** Every team, newest first, with its owner, size, balance and images made (for the operator console). */
export async function listTeamsForOperator(db: Database): Promise<OperatorTeam[]> {
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      owner: sql<
        string | null
      >`(select a.email from team_members m join auth_users a on a.id = m.user_id where m.team_id = ${teams.id} and m.role = 'owner')`,
      members: sql<number>`(select count(*) from team_members m where m.team_id = ${teams.id})`.mapWith(Number),
      credits: workspaceBalances.credits,
      debt: workspaceBalances.creditDebt,
      imagesMade:
        sql<number>`(select coalesce(sum(j.images_made), 0) from generation_jobs j where j.owner_id = ${teams.id})`.mapWith(
          Number,
        ),
      createdAt: teams.createdAt,
    })
    .from(teams)
    .innerJoin(workspaceBalances, eq(workspaceBalances.id, teams.id))
    .orderBy(desc(teams.createdAt));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
