// Deleting an account after a life in Motif, on both databases: someone who was given credits by
// an operator and gave some as one, made API keys and spent with them, asked for credits, owns a
// team alone, owns one with a colleague, joined another and spent from both, then deletes the
// account (or an operator does). It answers 200; their records are gone as the privacy page says;
// what other people rely on stays: a team's ledger keeps each line's amount, unnamed.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TeamSummary } from "#domain/teams";
import { queryRows } from "#server/db/client.server";
import { testDatabases } from "../support/databases";
import { balanceOf, json, ledgerSum, objectWithImage } from "../support/factories";
import { compositeOverBackground, renderSubject } from "../support/matte-fixtures";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi, tokenFromLink } from "../support/test-server";

const OPERATOR = "op-deletion@example.com";
const inTeam = (cookie: string, teamId: string) => `${cookie}; motif_workspace=${teamId}`;
type Person = { cookie: string; userId: string };

// Two who are operators too, so that they can give credits.
const PAT = "pat-deletion@example.com";
const PAM = "pam-deletion@example.com";

describe.each(testDatabases)("deleting an account with a history on $name", (target) => {
  let counter = 0;
  const address = (label: string) => `${label}-${counter++}@example.com`;
  const api = setUpSignedInApi(target, OPERATOR, {}, { ADMIN_EMAILS: [OPERATOR, PAT, PAM].join(",") });

  const call = (path: string, cookie: string, init: Parameters<typeof api.server.call>[1] = {}) =>
    api.server.call(path, { ...init, cookie });
  const ok = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return response;
  };
  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from (${query}) as rows`))[0]!.n;

  const flatImage = async () =>
    compositeOverBackground(await renderSubject("potion", 128), { background: { r: 250, g: 246, b: 236 } });

  /** The ids of the keys made, by their maker's id. */
  const keysMade = new Map<string, string[]>();
  /** A key for `workspaceId`: its secret. */
  async function keyFor(person: Person, workspaceId: string) {
    const made = await ok(
      await call("/api/keys", person.cookie, { method: "POST", json: { name: "Script", workspaceId } }),
      201,
    );
    const { secret, key } = await json<{ secret: string; key: { id: string } }>(made);
    keysMade.set(person.userId, [...(keysMade.get(person.userId) ?? []), key.id]);
    return secret;
  }

  /** An object with an image in the workspace the cookie is in, its background removed (1 credit, a direct charge). */
  async function spendIn(cookie: string, auth: { key?: string } = {}) {
    const { objectId, imageId } = await objectWithImage(
      { server: api.server, database: api.database, user: { cookie } },
      await flatImage(),
    );
    await ok(
      await api.server.call(`/api/objects/${objectId}/remove-background`, {
        method: "POST",
        json: { imageId },
        ...(auth.key ? { headers: { authorization: `Bearer ${auth.key}` } } : { cookie }),
      }),
      201,
    );
  }

  async function makeTeam(owner: Person, name: string) {
    const made = await ok(await call("/api/teams", owner.cookie, { method: "POST", json: { name } }), 201);
    return (await json<{ team: TeamSummary }>(made)).team;
  }

  async function invite(team: string, from: Person, email: string) {
    const sent = api.server.mailer.sent.length;
    await ok(await call(`/api/teams/${team}/invitations`, from.cookie, { method: "POST", json: { email } }), 201);
    await expect.poll(() => api.server.mailer.sent.length).toBeGreaterThan(sent);
    return tokenFromLink(api.server.mailer.sent.at(-1)!.link!);
  }

  async function join(team: string, from: Person, email: string) {
    const token = await invite(team, from, email);
    const person = await signInThroughApi(api.server, email);
    await ok(await call("/api/invitations/accept", person.cookie, { method: "POST", json: { token } }));
    return person;
  }

  const giveCredits = async (by: Person, holder: "users" | "teams", id: string, amount: number, reason: string) =>
    ok(await call(`/api/admin/${holder}/${id}/credits`, by.cookie, { method: "POST", json: { amount, reason } }));

  /** What still names `userId` anywhere a foreign key or a key of its own could. */
  const tracesOf = async (userId: string, email: string) => ({
    identity: await count(sql`select 1 from auth_users where id = ${userId} or email = ${email}`),
    workspace: await count(sql`select 1 from workspaces where id = ${userId}`),
    balance: await count(sql`select 1 from workspace_balances where id = ${userId}`),
    ledger: await count(sql`select 1 from credit_ledger where workspace_id = ${userId} or member_id = ${userId}`),
    keys: await count(sql`select 1 from api_keys where user_id = ${userId} or workspace_id = ${userId}`),
    records: await count(
      sql`select 1 from styles where owner_id = ${userId} or created_by = ${userId}
          union all select 1 from objects where owner_id = ${userId} or created_by = ${userId}
          union all select 1 from images where owner_id = ${userId}
          union all select 1 from generation_jobs where owner_id = ${userId} or created_by = ${userId}`,
    ),
    sessions: await count(sql`select 1 from sessions where user_id = ${userId}`),
    memberships: await count(sql`select 1 from team_members where user_id = ${userId}`),
    invitations: await count(
      sql`select 1 from team_invitations where invited_by = ${userId} or accepted_by = ${userId} or (email = ${email} and accepted_at is not null)`,
    ),
    teamsMade: await count(sql`select 1 from teams where created_by = ${userId}`),
    counters: await count(
      sql`select 1 from rate_limits where key like ${`%${userId}%`} or key in (${sql.join(
        (keysMade.get(userId) ?? ["none"]).map((id) => sql`${`api-key:${id}`}`),
        sql`, `,
      )})`,
    ),
  });
  const NO_TRACES = {
    identity: 0,
    workspace: 0,
    balance: 0,
    ledger: 0,
    keys: 0,
    records: 0,
    sessions: 0,
    memberships: 0,
    invitations: 0,
    teamsMade: 0,
    counters: 0,
  };

  it("deletes the account of someone who spent in teams and with keys: 200, theirs gone, the teams' ledgers kept", async () => {
    const operator = api.user;
    const pat = await signInThroughApi(api.server, PAT);
    const COLE = address("cole");
    const cole = await signInThroughApi(api.server, COLE);

    // An operator gives Pat credits; Pat, an operator too, gives Cole some.
    await giveCredits(operator, "users", pat.userId, 300, "Welcome aboard");
    await giveCredits(pat, "users", cole.userId, 40, "For the class");

    // Pat spends in their own workspace with a key of theirs, and asks for more credits.
    await spendIn(pat.cookie, { key: await keyFor(pat, pat.userId) });
    await ok(await call("/api/credits/request", pat.cookie, { method: "POST", json: { note: "More, please" } }));

    // A team Pat owns alone, with credits: it goes with the account.
    const solo = await makeTeam(pat, "Solo");
    await giveCredits(operator, "teams", solo.id, 25, "Solo budget");

    // A team Pat owns with Cole: Pat spends from it, and leaves an invitation pending.
    const studio = await makeTeam(pat, "Studio");
    await join(studio.id, pat, COLE);
    await giveCredits(operator, "teams", studio.id, 50, "Studio budget");
    await spendIn(inTeam(pat.cookie, studio.id));
    await invite(studio.id, pat, address("dee"));

    // A team of Cole's that Pat joined by invitation, and spent from with a key made for it.
    const classTeam = await makeTeam(cole, "Class");
    await giveCredits(operator, "teams", classTeam.id, 60, "Class budget");
    const joined = await join(classTeam.id, cole, PAT);
    expect(joined.userId).toBe(pat.userId);
    await spendIn(inTeam(pat.cookie, classTeam.id), { key: await keyFor(pat, classTeam.id) });

    const teamLines = async (teamId: string) =>
      queryRows<{ delta: number; member_id: string | null; api_key_id: string | null; note: string | null }>(
        api.database.db,
        sql`select delta, member_id, api_key_id, note from credit_ledger where workspace_id = ${teamId} order by id`,
      );
    const studioBefore = await teamLines(studio.id);
    const classBefore = await teamLines(classTeam.id);
    expect(classBefore.some((l) => l.member_id === pat.userId && l.api_key_id !== null)).toBe(true);
    const coleLedger = await ledgerSum(api.database.db, cole.userId);
    const audit = await count(sql`select 1 from audit_log`);

    const deleted = await call("/api/users/user", pat.cookie, { method: "DELETE" });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await json(deleted)).toEqual({ success: true });
    expect((await call("/api/users/me", pat.cookie)).status).toBe(401);

    // Everything of Pat's is gone, the team made alone with it.
    expect(await tracesOf(pat.userId, PAT)).toEqual(NO_TRACES);
    expect(await count(sql`select 1 from workspaces where id = ${solo.id}`)).toBe(0);
    expect(await count(sql`select 1 from credit_ledger where workspace_id = ${solo.id}`)).toBe(0);

    // The teams others are in keep every line's amount, with the spender unnamed, and their balance.
    const unnamed = (lines: typeof studioBefore) =>
      lines.map((l) => ({
        ...l,
        member_id: l.member_id === pat.userId ? null : l.member_id,
        api_key_id: null,
      }));
    expect(await teamLines(studio.id)).toEqual(unnamed(studioBefore));
    expect(await teamLines(classTeam.id)).toEqual(unnamed(classBefore));
    for (const team of [studio.id, classTeam.id])
      expect(await ledgerSum(api.database.db, team)).toBe(await balanceOf(api.database.db, team));
    // Studio is Cole's now, with the invitation Pat sent withdrawn; Class is still Cole's.
    const owners = await queryRows<{ team_id: string; user_id: string }>(
      api.database.db,
      sql`select team_id, user_id from team_members where role = 'owner' and team_id in (${studio.id}, ${classTeam.id}) order by team_id`,
    );
    expect(owners.map((o) => o.user_id)).toEqual([cole.userId, cole.userId]);
    expect(await count(sql`select 1 from team_invitations where team_id = ${studio.id} and accepted_at is null`)).toBe(
      0,
    );
    const classHistory = await json<{ entries: { delta: number; by: string | null }[] }>(
      await ok(await call("/api/users/me/credits", inTeam(cole.cookie, classTeam.id))),
    );
    expect(classHistory.entries.map((e) => e.delta).sort()).toEqual(classBefore.map((l) => l.delta).sort());

    // Cole's own ledger, Pat's grant included, and the operators' audit log are untouched.
    expect(await ledgerSum(api.database.db, cole.userId)).toBe(coleLedger);
    expect(
      await count(sql`select 1 from credit_ledger where workspace_id = ${cole.userId} and note = 'For the class'`),
    ).toBe(1);
    expect(await count(sql`select 1 from audit_log`)).toBe(audit);
    expect(await count(sql`select 1 from audit_log where actor_id = ${pat.userId}`)).toBe(1);
  }, 120_000);

  it("lets an operator delete such an account too, never answering 500", async () => {
    const pam = await signInThroughApi(api.server, PAM);
    await giveCredits(api.user, "users", pam.userId, 100, "Start");
    await spendIn(pam.cookie, { key: await keyFor(pam, pam.userId) });
    const team = await makeTeam(pam, "Shared");
    const colleague = await join(team.id, pam, address("colleague"));
    await giveCredits(api.user, "teams", team.id, 30, "Shared budget");
    await spendIn(inTeam(pam.cookie, team.id), { key: await keyFor(pam, team.id) });

    const deleted = await call(`/api/admin/users/${pam.userId}`, api.user.cookie, {
      method: "DELETE",
      json: { reason: "Asked by e-mail" },
    });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await tracesOf(pam.userId, PAM)).toEqual(NO_TRACES);
    expect(
      await count(
        sql`select 1 from team_members where team_id = ${team.id} and user_id = ${colleague.userId} and role = 'owner'`,
      ),
    ).toBe(1);
    expect(await ledgerSum(api.database.db, team.id)).toBe(await balanceOf(api.database.db, team.id));
    expect(
      await count(
        sql`select 1 from credit_ledger where workspace_id = ${team.id} and delta = -1 and member_id is null`,
      ),
    ).toBe(1);
  }, 120_000);
});
