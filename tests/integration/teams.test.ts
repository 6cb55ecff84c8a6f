// Teams: made by an owner, joined by invitation (accepted, expired, reused, sent to another address),
// and each role's allowed and refused actions; nothing of a team is visible from outside it.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OperatorUser } from "#domain/operator-users";
import { invitationMessages, TEAM_MEMBERS_MAX, type TeamDetail, type TeamSummary } from "#domain/teams";
import { teamMembers } from "#server/db/schema";
import { testDatabases } from "../support/databases";
import { createUser, json } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi, tokenFromLink, type ApiTestServer } from "../support/test-server";

const OWNER = "owner-teams@example.com";

type Member = { cookie: string; userId: string };

describe.each(testDatabases)("teams on $name", (target) => {
  const api = setUpSignedInApi(target, OWNER, {}, { ADMIN_EMAILS: OWNER });
  const owner = () => api.user;

  const call = (path: string, who: Member, init: Parameters<ApiTestServer["call"]>[1] = {}) =>
    api.server.call(path, { ...init, cookie: who.cookie });
  const makeTeam = async (name = "Harbour Games", who: Member = owner()) =>
    (await json<{ team: TeamSummary }>(await call("/api/teams", who, { method: "POST", json: { name } }))).team;
  const readTeam = async (teamId: string, who: Member = owner()) =>
    (await json<{ team: TeamDetail }>(await call(`/api/teams/${teamId}`, who))).team;
  /** Invites `email`: the link's token from the mail it sent. */
  const invite = async (teamId: string, email: string, who: Member = owner(), role = "member") => {
    const before = api.server.mailer.sent.length;
    const sent = await call(`/api/teams/${teamId}/invitations`, who, { method: "POST", json: { email, role } });
    expect(sent.status, await sent.clone().text()).toBe(201);
    await expect.poll(() => api.server.mailer.sent.length).toBeGreaterThan(before);
    const mail = api.server.mailer.sent.at(-1)!;
    expect(mail.to).toBe(email.toLowerCase());
    expect(mail.link).toMatch(/\/invite\?token=/);
    return tokenFromLink(mail.link!);
  };
  const accept = (token: string, who: Member) =>
    call("/api/invitations/accept", who, { method: "POST", json: { token } });
  /** A team with an admin and a member beside its owner. */
  const staffedTeam = async (label: string) => {
    const team = await makeTeam(`Team ${label}`);
    const admin = await signInThroughApi(api.server, `admin-${label}@example.com`);
    const member = await signInThroughApi(api.server, `member-${label}@example.com`);
    expect((await accept(await invite(team.id, `admin-${label}@example.com`, owner(), "admin"), admin)).status).toBe(
      200,
    );
    expect((await accept(await invite(team.id, `member-${label}@example.com`), member)).status).toBe(200);
    return { team, admin, member };
  };

  it("makes a team with its maker as owner, and shows it to nobody outside it", async () => {
    const team = await makeTeam("  Harbour Games  ");
    expect(team).toMatchObject({ name: "Harbour Games", role: "owner", members: 1 });
    expect((await json<{ teams: TeamSummary[] }>(await call("/api/teams", owner()))).teams.map((t) => t.id)).toContain(
      team.id,
    );
    const stranger = await signInThroughApi(api.server, "stranger-teams@example.com");
    for (const [method, path, body] of [
      ["GET", `/api/teams/${team.id}`, undefined],
      ["PATCH", `/api/teams/${team.id}`, { name: "Mine now" }],
      ["DELETE", `/api/teams/${team.id}`, undefined],
      ["POST", `/api/teams/${team.id}/invitations`, { email: "x@example.com" }],
      ["POST", `/api/teams/${team.id}/transfer`, { userId: stranger.userId }],
      ["DELETE", `/api/teams/${team.id}/members/${owner().userId}`, undefined],
    ] as const) {
      const answer = await call(path, stranger, { method, json: body });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await call("/api/teams", owner(), { method: "POST", json: { name: "\u200b " } })).status).toBe(400);
    // The operator console lists each account's teams.
    const listed = await json<{ users: OperatorUser[] }>(await call("/api/admin/users?q=owner-teams", owner()));
    expect(listed.users[0]!.teams).toContainEqual({ id: team.id, name: "Harbour Games", role: "owner" });
  });

  it("joins by invitation: the link works once, for its address, until it expires", async () => {
    const team = await makeTeam("Invitations");
    const token = await invite(team.id, "Bob-Teams@Example.com");
    const preview = await api.server.call("/api/invitations/preview", { method: "POST", json: { token } });
    expect((await json<{ invitation: unknown }>(preview)).invitation).toMatchObject({
      team: "Invitations",
      email: "bob-teams@example.com",
      role: "member",
      invitedBy: OWNER,
      status: "pending",
    });
    expect((await readTeam(team.id)).invitations.map((i) => i.email)).toEqual(["bob-teams@example.com"]);

    // Sent to another address: refused, and the link still works for its owner.
    const carol = await signInThroughApi(api.server, "carol-teams@example.com");
    const wrong = await accept(token, carol);
    expect(wrong.status).toBe(403);
    expect((await json<{ error: { message: string } }>(wrong)).error.message).toMatch(/sent to another address/);

    const bob = await signInThroughApi(api.server, "bob-teams@example.com");
    const [first, second] = await Promise.all([accept(token, bob), accept(token, bob)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const joined = await readTeam(team.id, bob);
    expect(joined.role).toBe("member");
    expect(joined.memberList.map((m) => [m.email, m.role])).toEqual([
      [OWNER, "owner"],
      ["bob-teams@example.com", "member"],
    ]);
    expect(joined.invitations).toEqual([]);
    const reused = await accept(token, bob);
    expect(reused.status).toBe(409);
    expect((await json<{ error: { message: string } }>(reused)).error.message).toBe(
      "This invitation was already used.",
    );

    // Expired: refused with its own words; a new invitation replaces an old one.
    const dan = await signInThroughApi(api.server, "dan-teams@example.com");
    const old = await invite(team.id, "dan-teams@example.com");
    await api.database.db.execute(
      sql`update team_invitations set expires_at = now() - interval '1 minute' where email = 'dan-teams@example.com'`,
    );
    const expired = await accept(old, dan);
    expect(expired.status).toBe(409);
    expect((await json<{ error: { message: string } }>(expired)).error.message).toMatch(/expired/);
    const fresh = await invite(team.id, "dan-teams@example.com");
    expect((await accept(old, dan)).status).toBe(404);
    expect((await accept(fresh, dan)).status).toBe(200);
    expect((await accept("not-a-token", dan)).status).toBe(404);
    // Already in: inviting them again is refused.
    expect(
      (
        await call(`/api/teams/${team.id}/invitations`, owner(), {
          method: "POST",
          json: { email: "dan-teams@example.com" },
        })
      ).status,
    ).toBe(409);
  });

  it("lets members read, admins manage members, and only the owner hand over or delete", async () => {
    const { team, admin, member } = await staffedTeam("roles");
    const status = async (who: Member, method: string, path: string, body?: unknown) =>
      (await call(path, who, { method, json: body })).status;

    // A member reads, and nothing more.
    expect(await status(member, "GET", `/api/teams/${team.id}`)).toBe(200);
    expect((await readTeam(team.id, member)).invitations).toEqual([]);
    expect(await status(member, "POST", `/api/teams/${team.id}/invitations`, { email: "m@example.com" })).toBe(403);
    expect(await status(member, "PATCH", `/api/teams/${team.id}`, { name: "Renamed" })).toBe(403);
    expect(await status(member, "DELETE", `/api/teams/${team.id}/members/${admin.userId}`)).toBe(403);
    expect(await status(member, "PATCH", `/api/teams/${team.id}/members/${member.userId}`, { role: "admin" })).toBe(
      403,
    );
    expect(await status(member, "POST", `/api/teams/${team.id}/transfer`, { userId: member.userId })).toBe(403);
    expect(await status(member, "DELETE", `/api/teams/${team.id}`)).toBe(403);

    // An admin invites, renames and changes roles, but cannot touch the owner, hand over or delete.
    expect(await status(admin, "PATCH", `/api/teams/${team.id}`, { name: "Renamed by admin" })).toBe(200);
    expect(await status(admin, "PATCH", `/api/teams/${team.id}/members/${member.userId}`, { role: "admin" })).toBe(200);
    expect(await status(admin, "PATCH", `/api/teams/${team.id}/members/${member.userId}`, { role: "member" })).toBe(
      200,
    );
    expect(await status(admin, "PATCH", `/api/teams/${team.id}/members/${owner().userId}`, { role: "member" })).toBe(
      409,
    );
    expect(await status(admin, "PATCH", `/api/teams/${team.id}/members/${member.userId}`, { role: "owner" })).toBe(400);
    expect(await status(admin, "DELETE", `/api/teams/${team.id}/members/${owner().userId}`)).toBe(409);
    expect(await status(admin, "POST", `/api/teams/${team.id}/transfer`, { userId: admin.userId })).toBe(403);
    expect(await status(admin, "DELETE", `/api/teams/${team.id}`)).toBe(403);
    await invite(team.id, "newcomer-roles@example.com", admin);

    // The owner hands over and stays on as an admin; the new owner cannot leave; a member can.
    expect(await status(owner(), "DELETE", `/api/teams/${team.id}/members/${owner().userId}`)).toBe(409);
    expect(await status(owner(), "POST", `/api/teams/${team.id}/transfer`, { userId: admin.userId })).toBe(200);
    const handed = await readTeam(team.id);
    expect(handed.role).toBe("admin");
    expect(handed.memberList.find((m) => m.userId === admin.userId)?.role).toBe("owner");
    expect(await status(member, "DELETE", `/api/teams/${team.id}/members/${member.userId}`)).toBe(204);
    expect(await status(member, "GET", `/api/teams/${team.id}`)).toBe(404);

    // Removing someone ends their access at once; the owner deletes the team.
    expect(await status(admin, "DELETE", `/api/teams/${team.id}/members/${owner().userId}`)).toBe(204);
    expect(await status(owner(), "GET", `/api/teams/${team.id}`)).toBe(404);
    expect(await status(admin, "DELETE", `/api/teams/${team.id}`)).toBe(204);
    expect(await status(admin, "GET", `/api/teams/${team.id}`)).toBe(404);
  });

  it("sets monthly limits down the line: the owner for admins and members, admins for members, none for the owner", async () => {
    const { team, admin, member } = await staffedTeam("limits");
    const limit = async (who: Member, target: Member, monthlyLimit: number | null) =>
      (await call(`/api/teams/${team.id}/members/${target.userId}`, who, { method: "PATCH", json: { monthlyLimit } }))
        .status;
    expect(await limit(owner(), admin, 100)).toBe(200);
    expect(await limit(owner(), member, 50)).toBe(200);
    expect(await limit(admin, member, 80)).toBe(200);
    // An admin cannot lift their own limit, and nobody limits the owner.
    const lifted = await call(`/api/teams/${team.id}/members/${admin.userId}`, admin, {
      method: "PATCH",
      json: { monthlyLimit: null },
    });
    expect(lifted.status).toBe(403);
    expect((await json<{ error: { message: string } }>(lifted)).error.message).toBe(
      "Only the owner sets an admin's monthly limit.",
    );
    expect(await limit(admin, owner(), 0)).toBe(409);
    expect(await limit(owner(), owner(), 0)).toBe(409);
    expect(await limit(member, member, null)).toBe(403);
    const limits = Object.fromEntries((await readTeam(team.id)).memberList.map((m) => [m.userId, m.monthlyLimit]));
    expect(limits).toEqual({ [owner().userId]: null, [admin.userId]: 100, [member.userId]: 80 });
  });

  it("withdraws what someone invited when they leave or stop managing the team, and keeps the member cap", async () => {
    const { team, admin } = await staffedTeam("inviters");
    const preview = (token: string) => call("/api/invitations/preview", owner(), { method: "POST", json: { token } });
    // An admin invites; made a plain member, their invitation no longer works, nor is it listed.
    const demotedToken = await invite(team.id, "via-demoted@example.com", admin, "admin");
    expect((await preview(demotedToken)).status).toBe(200);
    expect(
      (
        await call(`/api/teams/${team.id}/members/${admin.userId}`, owner(), {
          method: "PATCH",
          json: { role: "member" },
        })
      ).status,
    ).toBe(200);
    const invitee = await signInThroughApi(api.server, "via-demoted@example.com");
    expect((await preview(demotedToken)).status).toBe(404);
    expect((await accept(demotedToken, invitee)).status).toBe(404);
    expect((await readTeam(team.id)).invitations.map((i) => i.email)).not.toContain("via-demoted@example.com");

    // Made admin again, they invite; removed, their invitation goes with them.
    expect(
      (
        await call(`/api/teams/${team.id}/members/${admin.userId}`, owner(), {
          method: "PATCH",
          json: { role: "admin" },
        })
      ).status,
    ).toBe(200);
    const removedToken = await invite(team.id, "via-removed@example.com", admin);
    expect((await call(`/api/teams/${team.id}/members/${admin.userId}`, owner(), { method: "DELETE" })).status).toBe(
      204,
    );
    const second = await signInThroughApi(api.server, "via-removed@example.com");
    expect((await accept(removedToken, second)).status).toBe(404);
    expect((await call(`/api/teams/${team.id}`, second)).status).toBe(404);

    // Invitations sent while there was room: the cap holds when they are used.
    const { db } = api.database;
    const ids = await Promise.all(Array.from({ length: TEAM_MEMBERS_MAX - 3 }, () => createUser({ db }, 0)));
    await db.insert(teamMembers).values(ids.map((userId) => ({ teamId: team.id, userId, role: "member" as const })));
    const tokens = [await invite(team.id, "last-place@example.com"), await invite(team.id, "one-too-many@example.com")];
    const last = await signInThroughApi(api.server, "last-place@example.com");
    const tooMany = await signInThroughApi(api.server, "one-too-many@example.com");
    expect((await accept(tokens[0]!, last)).status).toBe(200);
    const refused = await accept(tokens[1]!, tooMany);
    expect(refused.status).toBe(409);
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(invitationMessages.full);
    expect((await readTeam(team.id)).memberList).toHaveLength(TEAM_MEMBERS_MAX);
  });

  it("hands a deleted owner's team to its longest-standing admin, and lets an API key manage nothing", async () => {
    const departing = await signInThroughApi(api.server, "departing-teams@example.com");
    const team = await makeTeam("Handed over", departing);
    const heir = await signInThroughApi(api.server, "heir-teams@example.com");
    expect((await accept(await invite(team.id, "heir-teams@example.com", departing, "admin"), heir)).status).toBe(200);
    const alone = await makeTeam("Alone", departing);
    expect((await call("/api/users/user", departing, { method: "DELETE" })).status).toBe(200);
    const after = await readTeam(team.id, heir);
    expect(after.memberList.map((m) => [m.email, m.role])).toEqual([["heir-teams@example.com", "owner"]]);
    const left = await api.database.db.execute(sql`select count(*)::int as n from teams where id = ${alone.id}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    const made = await call("/api/keys", heir, { method: "POST", json: { name: "Heir" } });
    const { secret } = await json<{ secret: string }>(made);
    const withKey = await fetch(`${api.server.url}/api/teams`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(withKey.status).toBe(403);
  });

  it("lets an invited address make its account when sign-ups are by invitation", async () => {
    const team = await makeTeam("Closed studio");
    const settings = (body: Record<string, unknown>) =>
      call("/api/admin/settings", owner(), { method: "PATCH", json: body });
    expect((await settings({ signupPolicy: "invite_only" })).status).toBe(200);
    try {
      const token = await invite(team.id, "invited-teams@example.com");
      const guest = await signInThroughApi(api.server, "invited-teams@example.com");
      expect((await accept(token, guest)).status).toBe(200);
      // Once it is used, the address is like any other: an uninvited one is still refused.
      const before = api.server.mailer.sent.length;
      await api.server.call("/api/auth/signin-email", {
        method: "POST",
        json: { email: "uninvited-teams@example.com" },
      });
      await expect.poll(() => api.server.mailer.sent.length).toBeGreaterThan(before);
      expect(api.server.mailer.sent.at(-1)!.link).toBeUndefined();
    } finally {
      await settings({ signupPolicy: null });
    }
  });

  it("sends at most 50 invitations a team an hour", async () => {
    const team = await makeTeam("Busy studio");
    const send = (i: number) =>
      call(`/api/teams/${team.id}/invitations`, owner(), { method: "POST", json: { email: `guest-${i}@example.com` } });
    for (let i = 0; i < 50; i++) expect((await send(i)).status).toBe(201);
    const refused = await send(50);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await readTeam(team.id)).invitations).toHaveLength(50);
  });

  it("keeps exactly one owner when a hand-over and the heir's leaving happen at once", async () => {
    const { team, admin } = await staffedTeam("race");
    const [handed, left] = await Promise.all([
      call(`/api/teams/${team.id}/transfer`, owner(), { method: "POST", json: { userId: admin.userId } }),
      call(`/api/teams/${team.id}/members/${admin.userId}`, admin, { method: "DELETE" }),
    ]);
    // Either the hand-over came first (the new owner may not leave) or the leaving did (no heir to hand to).
    expect([
      [200, 409],
      [404, 204],
    ]).toContainEqual([handed.status, left.status]);
    const owners = await api.database.db.execute(
      sql`select count(*)::int as n from team_members where team_id = ${team.id} and role = 'owner'`,
    );
    expect((owners as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});
