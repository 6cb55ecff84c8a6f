import { sql } from "drizzle-orm";
import { USERS_PAGE, type OperatorUser, type listUsersQuerySchema } from "#domain/operator-users";
import type { z } from "zod";
import { queryRows, type Database } from "../db/client.server";

const orderBy = {
  newest: sql`a.created_at desc, a.id`,
  email: sql`a.email, a.id`,
  balance: sql`coalesce(u.credits, 0) desc, a.id`,
  active: sql`last_active desc nulls last, a.id`,
} as const;

type Row = {
  id: string;
  email: string;
  credits: number | null;
  debt: number | null;
  images_made: number | string;
  disabled_at: Date | string | null;
  created_at: Date | string;
  last_active: Date | string | null;
  teams: { id: string; name: string; role: OperatorUser["teams"][number]["role"] }[] | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The instance's accounts for its operator: searched by address, sorted, a page at a time,
 * each with its balance, what it owes, the images its jobs made (wherever it worked), its teams and when it was last active.
 */
export async function listAccounts(
  db: Database,
  query: z.output<typeof listUsersQuerySchema>,
): Promise<{ users: OperatorUser[]; total: number }> {
  const like = query.q ? `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const matching = like === null ? sql`true` : sql`a.email like ${like}`;
  const [counted, rows] = await Promise.all([
    queryRows<{ total: number | string }>(db, sql`select count(*) as total from auth_users a where ${matching}`),
    queryRows<Row>(
      db,
      sql`select a.id, a.email, u.credits, u.credit_debt as debt, a.created_at, a.disabled_at,
          -- Counted as the usage counts them: what their jobs made, in their own workspace and in teams.
          (select coalesce(sum(j.images_made), 0) from generation_jobs j where j.created_by = a.id) as images_made,
          (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'role', m.role)
              order by t.created_at, t.id), '[]')
            from team_members m join teams t on t.id = m.team_id where m.user_id = a.id) as teams,
          greatest(
            (select max(s.created_at) from sessions s where s.user_id = a.id),
            (select max(j.created_at) from generation_jobs j where j.owner_id = a.id)
          ) as last_active
        from auth_users a left join workspace_balances u on u.id = a.id
        where ${matching}
        order by ${orderBy[query.sort]}
        limit ${USERS_PAGE} offset ${(query.page - 1) * USERS_PAGE}`,
    ),
  ]);
  return {
    total: Number(counted[0]?.total ?? 0),
    users: rows.map((row) => ({
      id: row.id,
      email: row.email,
      credits: Number(row.credits ?? 0),
      debt: Number(row.debt ?? 0),
      imagesMade: Number(row.images_made),
      disabled: row.disabled_at !== null,
      createdAt: iso(row.created_at),
      lastActiveAt: row.last_active ? iso(row.last_active) : null,
      teams: typeof row.teams === "string" ? JSON.parse(row.teams) : row.teams,
    })),
  };
}
