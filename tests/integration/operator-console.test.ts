// The operator console's accounts and credits: only operators see it (404 for everyone else); a grant
// or take goes through the ledger with a reason while the server runs, exactly under concurrency,
// and every one is a line of the audit log, which nothing can change or remove.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AuditEntry } from "#domain/audit";
import type { OperatorUser } from "#domain/operator-users";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, json, ledgerSum } from "../support/factories";
import { setUpSignedInApi } from "../support/signed-in-api";
import { signInThroughApi } from "../support/test-server";

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
});
