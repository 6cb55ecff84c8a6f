// The operator console's accounts and credits: only operators see it (404 for everyone else); a grant
// or take goes through the ledger with a reason while the server runs, exactly under concurrency,
// and every one is a line of the audit log, which nothing can change or remove.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountDisabledMessage, type AuditEntry } from "#domain/audit";
import { describeCreditEntry, type CreditHistoryEntry } from "#domain/credit-history";
import type { OperatorUser } from "#domain/operator-users";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, json, ledgerSum } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi, startSessionThroughApi } from "../support/test-server";

const OPERATOR = "op-console@example.com";

describe.each(testDatabases)("the operator console on $name", (target) => {
  const api = setUpSignedInApi(target, OPERATOR, {}, { ADMIN_EMAILS: OPERATOR });

  const adjust = (userId: string, body: Record<string, unknown>, cookie = api.user.cookie) =>
    api.server.call(`/api/admin/users/${userId}/credits`, { method: "POST", cookie, json: body });
  const listUsers = async (query = "") =>
    json<{ users: OperatorUser[]; total: number }>(
      await api.server.call(`/api/admin/users${query}`, { cookie: api.user.cookie }),
    );

  it("is not there for anyone but an operator, nor for an operator's API key", async () => {
    const bob = await signInThroughApi(api.server, "bob-console@example.com");
    expect((await api.server.call("/api/admin/users", { cookie: bob.cookie })).status).toBe(404);
    expect((await api.server.call("/api/admin/audit", { cookie: bob.cookie })).status).toBe(404);
    expect((await adjust(bob.userId, { amount: 5, reason: "Sneaky" }, bob.cookie)).status).toBe(404);
    const made = await api.server.call("/api/keys", { method: "POST", cookie: api.user.cookie, json: { name: "Op" } });
    const { secret } = await json<{ secret: string }>(made);
    const withKey = await fetch(`${api.server.url}/api/admin/users`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(withKey.status).toBe(403);
    expect(await balanceOf(api.database.db, bob.userId)).toBe(await ledgerSum(api.database.db, bob.userId));
  });

  it("lists accounts by address, balance and activity, with the images each made", async () => {
    const carol = await signInThroughApi(api.server, "carol-console@example.com");
    await createStyleThroughApi(api.server, carol.cookie);
    const found = await listUsers("?q=CAROL-console");
    expect(found.total).toBe(1);
    expect(found.users[0]).toMatchObject({ id: carol.userId, email: "carol-console@example.com" });
    expect(found.users[0]!.lastActiveAt).not.toBeNull();
    const byBalance = await listUsers("?sort=balance");
    const balances = byBalance.users.map((u) => u.credits);
    expect(balances).toEqual([...balances].sort((a, b) => b - a));
    expect((await listUsers("?q=%25")).total).toBe(0);
    expect((await api.server.call("/api/admin/users?sort=shoe", { cookie: api.user.cookie })).status).toBe(400);
  });

  it("gives and takes credits with a reason, refuses a take past the balance, and logs each with before and after", async () => {
    const dan = await signInThroughApi(api.server, "dan-console@example.com");
    const start = await balanceOf(api.database.db, dan.userId);
    const given = await adjust(dan.userId, { amount: 250, reason: "Art team allowance" });
    expect(given.status).toBe(200);
    const { entry } = await json<{ credits: number; entry: AuditEntry }>(given);
    expect(entry).toMatchObject({
      action: "credits.granted",
      actor: { email: OPERATOR },
      subject: { id: dan.userId, email: "dan-console@example.com" },
      before: { credits: start, debt: 0 },
      after: { credits: start + 250, debt: 0 },
      reason: "Art team allowance",
    });
    expect((await adjust(dan.userId, { amount: -50, reason: "Over-granted" })).status).toBe(200);
    const tooMuch = await adjust(dan.userId, { amount: -(start + 201), reason: "All of it and more" });
    expect(tooMuch.status).toBe(409);
    expect((await json<{ error: { message: string } }>(tooMuch)).error.message).toMatch(/take at most/);
    expect(await balanceOf(api.database.db, dan.userId)).toBe(start + 200);
    expect(await ledgerSum(api.database.db, dan.userId)).toBe(start + 200);

    const refused = async (body: Record<string, unknown>) => (await adjust(dan.userId, body)).status;
    expect(await refused({ amount: 0, reason: "Nothing" })).toBe(400);
    expect(await refused({ amount: 1.5, reason: "Half" })).toBe(400);
    expect(await refused({ amount: 5, reason: "" })).toBe(400);
    expect(await refused({ amount: 2_000_000, reason: "Lots" })).toBe(400);
    expect((await adjust("no-such-user", { amount: 5, reason: "Nobody" })).status).toBe(404);

    const log = await json<{ entries: AuditEntry[] }>(
      await api.server.call("/api/admin/audit", { cookie: api.user.cookie }),
    );
    const dans = log.entries.filter((e) => e.subject.id === dan.userId);
    expect(dans.map((e) => [e.action, e.after?.credits])).toEqual([
      ["credits.taken", start + 200],
      ["credits.granted", start + 250],
    ]);
    // The person's own history says why.
    const history = await json<{ entries: CreditHistoryEntry[] }>(
      await api.server.call("/api/users/me/credits", { cookie: dan.cookie }),
    );
    expect(history.entries.slice(0, 2).map((e) => [e.delta, e.note, describeCreditEntry(e)])).toEqual([
      [-50, "Over-granted", "Taken by the operator: Over-granted"],
      [250, "Art team allowance", "Added by the operator: Art team allowance"],
    ]);
  });

  it("pays every one of 20 grants at once exactly once, each with its line", async () => {
    const erin = await signInThroughApi(api.server, "erin-console@example.com");
    const start = await balanceOf(api.database.db, erin.userId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => adjust(erin.userId, { amount: 5, reason: `Grant ${i + 1}` })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await balanceOf(api.database.db, erin.userId)).toBe(start + 100);
    expect(await ledgerSum(api.database.db, erin.userId)).toBe(start + 100);
    const lines = await api.database.db.execute(
      sql`select count(*)::int as n from audit_log where subject_id = ${erin.userId}`,
    );
    expect((lines as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(20);
  });

  it("keeps the audit log as written: the database refuses to change or remove a line", async () => {
    const frank = await signInThroughApi(api.server, "frank-console@example.com");
    expect((await adjust(frank.userId, { amount: 10, reason: "Welcome" })).status).toBe(200);
    // drizzle wraps the database's error; the trigger's words are its cause.
    const refusal = (statement: ReturnType<typeof sql>) =>
      api.database.db.execute(statement).then(
        () => "changed",
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(sql`update audit_log set reason = 'edited'`)).toMatch(/audit log cannot be changed/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/audit log cannot be changed/);
    const lines = await api.database.db.execute(sql`select reason from audit_log where subject_id = ${frank.userId}`);
    expect((lines as unknown as { rows: { reason: string }[] }).rows).toEqual([{ reason: "Welcome" }]);
  });

  it("disables an account at once: its sessions, open streams, sign-ins and keys end; enabling lets it back", async () => {
    const gus = await signInThroughApi(api.server, "gus-console@example.com");
    const made = await api.server.call("/api/keys", { method: "POST", cookie: gus.cookie, json: { name: "Gus" } });
    const { secret } = await json<{ secret: string }>(made);
    const controller = new AbortController();
    const stream = await fetch(`${api.server.url}/api/events`, {
      headers: { Cookie: gus.cookie },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reading = (async () => {
      const reader = stream.body!.getReader();
      for (;;) if ((await reader.read()).done) return "ended";
    })();

    const status = (path: "disable" | "enable", reason = "Shared the key publicly") =>
      api.server.call(`/api/admin/users/${gus.userId}/${path}`, {
        method: "POST",
        cookie: api.user.cookie,
        json: { reason },
      });
    const disabled = await status("disable");
    expect(disabled.status).toBe(200);
    expect(await json<{ disabled: boolean; entry: AuditEntry }>(disabled)).toMatchObject({
      disabled: true,
      entry: { action: "account.disabled", before: { disabled: false }, after: { disabled: true } },
    });
    // The open stream ends, the session is gone, the key is refused, and a new sign-in too.
    expect(await reading).toBe("ended");
    expect((await api.server.call("/api/users/me", { cookie: gus.cookie })).status).toBe(401);
    const withKey = await fetch(`${api.server.url}/api/styles`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(withKey.status).toBe(401);
    expect((await json<{ error: { message: string } }>(withKey)).error.message).toBe(accountDisabledMessage);
    // Signing in again gets no session (the token exchange answers 403), and none exists.
    expect(await startSessionThroughApi(api.server, "gus-console@example.com")).toBeUndefined();
    const left = await api.database.db.execute(
      sql`select count(*)::int as n from sessions where user_id = ${gus.userId}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect((await listUsers("?q=gus-console")).users[0]).toMatchObject({ disabled: true });

    // Again: nothing changes and no line is written. Their own account: refused.
    expect(await json<{ entry: AuditEntry | null }>(await status("disable"))).toMatchObject({ entry: null });
    const self = await api.server.call(`/api/admin/users/${api.user.userId}/disable`, {
      method: "POST",
      cookie: api.user.cookie,
      json: { reason: "Oops" },
    });
    expect(self.status).toBe(409);
    expect((await status("disable", "")).status).toBe(400);

    expect((await status("enable", "Key rotated")).status).toBe(200);
    const back = await startSessionThroughApi(api.server, "gus-console@example.com");
    expect((await api.server.call("/api/users/me", { cookie: back })).status).toBe(200);
    const log = await json<{ entries: AuditEntry[] }>(
      await api.server.call("/api/admin/audit", { cookie: api.user.cookie }),
    );
    expect(log.entries.filter((e) => e.subject.id === gus.userId).map((e) => [e.action, e.reason])).toEqual([
      ["account.enabled", "Key rotated"],
      ["account.disabled", "Shared the key publicly"],
    ]);
    controller.abort();
  });

  it("deletes an account with a reason: its data and sessions go, the audit line keeps its address", async () => {
    const hal = await signInThroughApi(api.server, "hal-console@example.com");
    await createStyleThroughApi(api.server, hal.cookie);
    const remove = (userId: string, reason = "Asked to be forgotten", cookie = api.user.cookie) =>
      api.server.call(`/api/admin/users/${userId}`, { method: "DELETE", cookie, json: { reason } });
    expect((await remove(hal.userId, "Sneaky", hal.cookie)).status).toBe(404);
    expect((await remove(hal.userId, "")).status).toBe(400);
    expect((await remove(api.user.userId)).status).toBe(409);

    const deleted = await remove(hal.userId);
    expect(deleted.status).toBe(200);
    expect((await json<{ entry: AuditEntry }>(deleted)).entry).toMatchObject({
      action: "account.deleted",
      subject: { id: hal.userId, email: "hal-console@example.com" },
      before: { exists: true },
      after: { exists: false },
      reason: "Asked to be forgotten",
    });
    expect((await api.server.call("/api/users/me", { cookie: hal.cookie })).status).toBe(401);
    const left = await api.database.db.execute(
      sql`select count(*)::int as n from styles where owner_id = ${hal.userId}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect((await listUsers("?q=hal-console")).total).toBe(0);
    expect((await remove(hal.userId)).status).toBe(404);
  });

  it("sends the usage as figures and as a CSV download of the same days", async () => {
    const usage = await json<{ from: string; to: string; days: { day: string }[] }>(
      await api.server.call("/api/admin/usage?days=7", { cookie: api.user.cookie }),
    );
    expect(usage.days).toHaveLength(7);
    const csv = await api.server.call("/api/admin/usage.csv?days=7", { cookie: api.user.cookie });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(
      `attachment; filename="motif-usage-${usage.from}-to-${usage.to}.csv"`,
    );
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe("day,images,credits_spent,jobs,failed_jobs");
    expect(lines.slice(1, 8).map((line) => line.split(",")[0])).toEqual(usage.days.map((d) => d.day));
    const bob = await signInThroughApi(api.server, "bob-usage@example.com");
    expect((await api.server.call("/api/admin/usage.csv", { cookie: bob.cookie })).status).toBe(404);
  });
});
