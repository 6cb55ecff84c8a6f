// A team's workspace over HTTP, on both databases: a member makes a style and a set there, paid from
// the team's balance; the team sees them and who made them; nobody outside sees anything; a key made
// for the team acts there until its maker leaves; removal ends an open event stream at once; an
// operator gives the team credits while the server runs.
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "#server/db/client.server";
import { images } from "#server/db/schema";
import type { TeamSummary } from "#domain/teams";
import { testDatabases } from "../support/databases";
import { readStream } from "../support/event-stream";
import { createStyleThroughApi, grantCredits, json, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi, tokenFromLink } from "../support/test-server";

const OWNER = "owner-workspaces@example.com";
const inTeam = (cookie: string, teamId: string) => `${cookie}; motif_workspace=${teamId}`;

describe.each(testDatabases)("team workspaces on $name", (target) => {
  const api = setUpSignedInApi(target, OWNER, {}, { ADMIN_EMAILS: OWNER });
  let counter = 0;

  /** A team of the owner's with one member joined by invitation, and credits given by the operator. */
  async function teamWithMember(credits = 500) {
    const owner = api.user;
    const made = await api.server.call("/api/teams", {
      method: "POST",
      cookie: owner.cookie,
      json: { name: "Studio" },
    });
    const { team } = await json<{ team: TeamSummary }>(made);
    const email = `member-ws-${counter++}@example.com`;
    const sent = api.server.mailer.sent.length;
    await api.server.call(`/api/teams/${team.id}/invitations`, {
      method: "POST",
      cookie: owner.cookie,
      json: { email },
    });
    await expect.poll(() => api.server.mailer.sent.length).toBeGreaterThan(sent);
    const token = tokenFromLink(api.server.mailer.sent.at(-1)!.link!);
    const member = await signInThroughApi(api.server, email);
    expect(
      (await api.server.call("/api/invitations/accept", { method: "POST", cookie: member.cookie, json: { token } }))
        .status,
    ).toBe(200);
    const granted = await api.server.call(`/api/admin/teams/${team.id}/credits`, {
      method: "POST",
      cookie: owner.cookie,
      json: { amount: credits, reason: "Studio budget" },
    });
    expect(granted.status, await granted.clone().text()).toBe(200);
    expect((await json<{ credits: number }>(granted)).credits).toBe(credits);
    return { team, owner, member: { ...member, email } };
  }
  const balanceIn = async (cookie: string) =>
    (await json<{ user: { credits: number } }>(await api.server.call("/api/users/me", { cookie }))).user.credits;

  it("lets a member make a style and a set in the team, paid from its balance, seen by the team only", async () => {
    const { team, owner, member } = await teamWithMember();
    const memberInTeam = inTeam(member.cookie, team.id);
    const ownBefore = await balanceIn(member.cookie);
    const { styleId } = await createStyleThroughApi(api.server, memberInTeam, { name: "Team look" });
    const set = await submitObjects(api.server, memberInTeam, { styleId, subjects: ["a lantern", "a key"] });
    expect(set.objects).toHaveLength(2);
    const teamBalance = await balanceIn(inTeam(owner.cookie, team.id));
    expect(teamBalance).toBeLessThan(500);
    // The member's own balance paid nothing.
    expect(await balanceIn(member.cookie)).toBe(ownBefore);

    // The owner, in the team, sees the member's style and objects; in their own workspace, nothing of it.
    const teamStyles = await json<{ styles: { id: string }[] }>(
      await api.server.call("/api/styles", { cookie: inTeam(owner.cookie, team.id) }),
    );
    expect(teamStyles.styles.map((s) => s.id)).toContain(styleId);
    const shared = await api.server.call(`/api/styles/${styleId}`, { cookie: inTeam(owner.cookie, team.id) });
    expect(shared.status).toBe(200);
    // Who made what is shown to the team.
    expect((await json<{ style: { madeBy: string | null } }>(shared)).style.madeBy).toMatch(/^member-ws-/);
    expect((await api.server.call(`/api/styles/${styleId}`, { cookie: owner.cookie })).status).toBe(404);
    const objectId = set.objects[0]!.id;
    const object = await json<{ object: { madeBy: string | null } }>(
      await api.server.call(`/api/objects/${objectId}`, { cookie: inTeam(owner.cookie, team.id) }),
    );
    expect(object.object.madeBy).toMatch(/^member-ws-/);
    expect((await api.server.call(`/api/objects/${objectId}`, { cookie: inTeam(owner.cookie, team.id) })).status).toBe(
      200,
    );

    // The team's history says who spent what.
    const history = await json<{ entries: { reason: string; by: string | null; note: string | null }[] }>(
      await api.server.call("/api/users/me/credits", { cookie: inTeam(owner.cookie, team.id) }),
    );
    expect(history.entries.filter((e) => e.reason === "generation_reserve").map((e) => e.by)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^member-ws-/)]),
    );
    // And why the operator gave the team its credits.
    expect(history.entries.filter((e) => e.reason === "admin_adjust").map((e) => e.note)).toEqual(["Studio budget"]);

    // Someone outside the team cannot reach it: naming it answers 401, its records 404.
    const stranger = await signInThroughApi(api.server, `stranger-ws-${counter++}@example.com`);
    expect((await api.server.call("/api/styles", { cookie: inTeam(stranger.cookie, team.id) })).status).toBe(401);
    expect((await api.server.call(`/api/styles/${styleId}`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await api.server.call(`/api/objects/${objectId}`, { cookie: stranger.cookie })).status).toBe(404);
  });

  it("holds a member to the monthly limit an admin sets, and shows what each spent", async () => {
    const { team, owner, member } = await teamWithMember();
    const limit = (monthlyLimit: number | null, who = owner.cookie) =>
      api.server.call(`/api/teams/${team.id}/members/${member.userId}`, {
        method: "PATCH",
        cookie: who,
        json: { monthlyLimit },
      });
    expect((await limit(-1)).status).toBe(400);
    expect(
      (
        await api.server.call(`/api/teams/${team.id}/members/${member.userId}`, {
          method: "PATCH",
          cookie: owner.cookie,
          json: {},
        })
      ).status,
    ).toBe(400);
    // A member cannot lift their own limit.
    expect((await limit(null, member.cookie)).status).toBe(403);
    expect((await limit(0)).status).toBe(200);
    const refused = await api.server.call("/api/styles", {
      method: "POST",
      cookie: inTeam(member.cookie, team.id),
      body: (() => {
        const form = new FormData();
        form.set("name", "Over the limit");
        form.set("description", "Flat vector icons, warm amber and teal");
        form.set("defaultDetail", "draft");
        return form;
      })(),
    });
    expect(refused.status).toBe(402);
    expect(await refused.text()).toContain("Your monthly limit in this team is 0 credits");
    expect(await balanceIn(inTeam(owner.cookie, team.id))).toBe(500);
    // Lifted, the member spends, and the team's page says how much.
    expect((await limit(null)).status).toBe(200);
    await createStyleThroughApi(api.server, inTeam(member.cookie, team.id));
    const detail = await json<{
      team: { credits: number; memberList: { userId: string; spentThisMonth: number; monthlyLimit: number | null }[] };
    }>(await api.server.call(`/api/teams/${team.id}`, { cookie: owner.cookie }));
    const spent = 500 - detail.team.credits;
    expect(spent).toBeGreaterThan(0);
    expect(detail.team.memberList.find((m) => m.userId === member.userId)).toMatchObject({
      spentThisMonth: spent,
      monthlyLimit: null,
    });
  });

  it("makes a key for the team that acts there, and stops when its maker leaves", async () => {
    const { team, member } = await teamWithMember();
    const made = await api.server.call("/api/keys", {
      method: "POST",
      cookie: member.cookie,
      json: { name: "Team script", workspaceId: team.id },
    });
    expect(made.status).toBe(201);
    const { secret, key } = await json<{ secret: string; key: { workspaceId: string } }>(made);
    expect(key.workspaceId).toBe(team.id);
    const bearer = { Authorization: `Bearer ${secret}` };
    expect(
      await json<{ user: { credits: number } }>(await api.server.call("/api/users/me", { headers: bearer })),
    ).toMatchObject({
      user: { credits: 500 },
    });
    // A key for a team one is not in is refused when made.
    const stranger = await signInThroughApi(api.server, `stranger-key-${counter++}@example.com`);
    const refused = await api.server.call("/api/keys", {
      method: "POST",
      cookie: stranger.cookie,
      json: { name: "Not mine", workspaceId: team.id },
    });
    expect(refused.status).toBe(404);
    // Leaving the team ends the key's access to it.
    const left = await api.server.call(`/api/teams/${team.id}/members/${member.userId}`, {
      method: "DELETE",
      cookie: member.cookie,
    });
    expect(left.status).toBe(204);
    const after = await api.server.call("/api/styles", { headers: bearer });
    expect(after.status).toBe(401);
    expect(await after.text()).toContain("no longer includes you");
  });

  it("serves a team's images at every size in the team, and nothing of its maker's own through the team's key", async () => {
    const { team, member } = await teamWithMember();
    const memberInTeam = inTeam(member.cookie, team.id);
    const { styleId } = await createStyleThroughApi(api.server, memberInTeam, { name: "Team lanterns" });
    const set = await submitObjects(api.server, memberInTeam, { styleId, subjects: ["a lantern"] });
    expect((await runJob(api.server, set.job.id))?.status).toBe("succeeded");
    const { db } = api.database;
    const [teamImage] = await db.select().from(images).where(eq(images.objectId, set.objects[0]!.id));
    const own = await createStyleThroughApi(api.server, member.cookie, { name: "My own look" });
    const [ownImage] = await db.select().from(images).where(eq(images.styleId, own.styleId));
    const made = await api.server.call("/api/keys", {
      method: "POST",
      cookie: member.cookie,
      json: { name: "Team images", workspaceId: team.id },
    });
    const bearer = { Authorization: `Bearer ${(await json<{ secret: string }>(made)).secret}` };
    const sized = (id: string) => `/api/image?url=${encodeURIComponent(`/api/images/${id}`)}&w=320`;

    // The original and a smaller copy answer alike: by the workspace the request acts in.
    for (const path of [`/api/images/${teamImage!.id}`, sized(teamImage!.id)]) {
      expect((await api.server.call(path, { cookie: memberInTeam })).status, path).toBe(200);
      expect((await api.server.call(path, { headers: bearer })).status, path).toBe(200);
      expect((await api.server.call(path, { cookie: member.cookie })).status, path).toBe(404);
    }
    for (const path of [`/api/images/${ownImage!.id}`, sized(ownImage!.id)]) {
      expect((await api.server.call(path, { cookie: member.cookie })).status, path).toBe(200);
      expect((await api.server.call(path, { headers: bearer })).status, path).toBe(404);
      expect((await api.server.call(path, { cookie: memberInTeam })).status, path).toBe(404);
    }

    // The console counts what the member made wherever they made it: here, everything in both workspaces.
    const stored = await db
      .select()
      .from(images)
      .where(inArray(images.ownerId, [member.userId, team.id]));
    const accounts = await json<{ users: { id: string; imagesMade: number }[] }>(
      await api.server.call(`/api/admin/users?q=${encodeURIComponent(member.email)}`, { cookie: api.user.cookie }),
    );
    expect(accounts.users.find((u) => u.id === member.userId)?.imagesMade).toBe(stored.length);
    expect(stored.length).toBeGreaterThan(4);
  });

  it("binds an Idempotency-Key to the workspace it was sent in, and replays a team's style after its balance ran out", async () => {
    const { team, owner, member } = await teamWithMember();
    const memberInTeam = inTeam(member.cookie, team.id);
    const styleForm = () => {
      const form = new FormData();
      form.set("name", "Keyed look");
      form.set("description", "Flat vector icons, warm amber and teal");
      form.set("defaultDetail", "draft");
      return form;
    };
    const makeStyle = (cookie: string) =>
      api.server.call("/api/styles", {
        method: "POST",
        cookie,
        headers: { "Idempotency-Key": "keyed-style-1" },
        body: styleForm(),
      });
    const first = await makeStyle(memberInTeam);
    expect(first.status).toBe(201);
    const { style } = await json<{ style: { id: string } }>(first);
    // A JSON request alike: made in the team, the same key and body in one's own workspace is refused.
    const objects = (cookie: string) =>
      api.server.call("/api/objects", {
        method: "POST",
        cookie,
        headers: { "Idempotency-Key": "keyed-objects-1" },
        json: { styleId: style.id, subjects: ["a bell"], size: "square", detail: "draft", transparent: true },
      });
    expect((await objects(memberInTeam)).status).toBe(202);
    expect((await objects(member.cookie)).status).toBe(422);
    expect((await objects(memberInTeam)).headers.get("Idempotent-Replayed")).toBe("true");
    // The team's balance runs out; the same request again is still answered with what it made.
    const left = await balanceIn(inTeam(owner.cookie, team.id));
    const taken = await api.server.call(`/api/admin/teams/${team.id}/credits`, {
      method: "POST",
      cookie: owner.cookie,
      json: { amount: -left, reason: "Budget spent" },
    });
    expect(taken.status, await taken.clone().text()).toBe(200);
    const repeat = await makeStyle(memberInTeam);
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await json<{ style: { id: string } }>(repeat)).style.id).toBe(style.id);
    // Sent in their own workspace, the same body is another request: refused, never the team's answer.
    const elsewhere = await makeStyle(member.cookie);
    expect(elsewhere.status).toBe(422);
  });

  it("ends a removed member's open event stream in the team at once", async () => {
    const { team, owner, member } = await teamWithMember();
    const response = await api.server.call("/api/events", { cookie: inTeam(member.cookie, team.id) });
    expect(response.status).toBe(200);
    const stream = readStream(response);
    // The first event is the team's balance.
    await stream.waitFor(
      (event) => event.event === "credits" && (event.data?.includes('"credits":500') ?? false),
      20_000,
    );
    const removed = await api.server.call(`/api/teams/${team.id}/members/${member.userId}`, {
      method: "DELETE",
      cookie: owner.cookie,
    });
    expect(removed.status).toBe(204);
    expect(await stream.endsWithin(3_000)).toBe(true);
    // And their next request in the team is refused.
    expect((await api.server.call("/api/styles", { cookie: inTeam(member.cookie, team.id) })).status).toBe(401);
  });

  it("removes a team's records and files with it: deleted by its owner, or with its only member's account", async () => {
    for (const how of ["team deleted", "account deleted"] as const) {
      const person = await signInThroughApi(api.server, `alone-${counter++}@example.com`);
      const { team } = await json<{ team: TeamSummary }>(
        await api.server.call("/api/teams", { method: "POST", cookie: person.cookie, json: { name: "Solo" } }),
      );
      await grantCredits(api.database.db, team.id, 200);
      const { styleId } = await createStyleThroughApi(api.server, inTeam(person.cookie, team.id));
      expect(api.files.filesUnder(`users/${team.id}`).length, how).toBeGreaterThan(0);
      const gone =
        how === "team deleted"
          ? await api.server.call(`/api/teams/${team.id}`, { method: "DELETE", cookie: person.cookie })
          : await api.server.call("/api/users/user", { method: "DELETE", cookie: person.cookie });
      expect(gone.status, how).toBeLessThan(300);
      expect(api.files.filesUnder(`users/${team.id}`), how).toEqual([]);
      const [left] = await queryRows<{ n: number }>(
        api.database.db,
        sql`select count(*)::int as n from styles where id = ${styleId} or owner_id = ${team.id}`,
      );
      expect(left!.n, how).toBe(0);
    }
  });

  it("lets only operators give a team credits, and logs it", async () => {
    const { team, member } = await teamWithMember(100);
    const byMember = await api.server.call(`/api/admin/teams/${team.id}/credits`, {
      method: "POST",
      cookie: member.cookie,
      json: { amount: 50, reason: "Me" },
    });
    expect(byMember.status).toBe(404);
    const unknown = await api.server.call(`/api/admin/teams/tm_nope/credits`, {
      method: "POST",
      cookie: api.user.cookie,
      json: { amount: 50, reason: "Nobody" },
    });
    expect(unknown.status).toBe(404);
    const teams = await json<{ teams: { id: string; credits: number }[] }>(
      await api.server.call("/api/admin/teams", { cookie: api.user.cookie }),
    );
    expect(teams.teams.find((t) => t.id === team.id)?.credits).toBe(100);
    const audit = await json<{ entries: { action: string; subject: { id: string | null }; reason: string }[] }>(
      await api.server.call("/api/admin/audit", { cookie: api.user.cookie }),
    );
    expect(audit.entries).toContainEqual(
      expect.objectContaining({ action: "credits.granted", subject: expect.objectContaining({ id: team.id }) }),
    );
  });
});
