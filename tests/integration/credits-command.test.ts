import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeBackCreditsWithin } from "#server/credits/ledger.server";
import { runCreditsCommand } from "#server/credits/credits-command.server";
import { openDatabase, type DatabaseHandle } from "#server/db/client.server";
import { creditLedger, workspaceBalances } from "#server/db/schema";
import { eventsSince } from "#server/events/events.server";
import { announceControl, withdrawControl } from "#server/operator/control-file.server";
import { testDatabases } from "../support/databases";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

const run = promisify(execFile);

/** `npm run credits -- …` as an operator runs it: the script, in its own process. */
async function creditsScript(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(path.resolve("node_modules/.bin/tsx"), ["scripts/credits.ts", ...args], {
      env: { ...process.env, LOG_LEVEL: "silent", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function account(database: DatabaseHandle, userId: string) {
  const [row] = await database.db
    .select({ credits: workspaceBalances.credits, debt: workspaceBalances.creditDebt })
    .from(workspaceBalances)
    .where(eq(workspaceBalances.id, userId));
  return row!;
}

describe.each(testDatabases)("npm run credits on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  beforeAll(async () => {
    database = await target.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000", SIGNUP_CREDITS: "100" });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("grants credits through the ledger and tells the user's open pages", async () => {
    const { cookie, userId } = await signInThroughApi(server, "Granted@Example.com");
    const result = await runCreditsCommand(database.db, ["grant", "GRANTED@example.com", "250"]);
    expect(result).toEqual({ ok: true, message: "Granted 250 credits to granted@example.com: balance 350." });
    expect(await account(database, userId)).toEqual({ credits: 350, debt: 0 });

    const history = (await (await server.call("/api/users/me/credits", { cookie })).json()) as {
      entries: { reason: string; delta: number; balanceAfter: number }[];
    };
    expect(history.entries[0]).toMatchObject({ reason: "admin_adjust", delta: 250, balanceAfter: 350 });
    const events = await eventsSince(database.db, { userId, afterId: 0 });
    expect(events.at(-1)).toMatchObject({ type: "credits", data: { credits: 350 } });
  });

  it("settles a debt before adding to the balance", async () => {
    const { userId } = await signInThroughApi(server, "owes@example.com");
    await database.db.transaction((tx) =>
      takeBackCreditsWithin(tx, {
        workspaceId: userId,
        amount: 130,
        reason: "purchase_refunded",
        ref: "cs_test_owed:refund:1",
      }),
    );
    expect(await account(database, userId)).toEqual({ credits: 0, debt: 30 });
    expect(await runCreditsCommand(database.db, ["grant", "owes@example.com", "20"])).toEqual({
      ok: true,
      message: "Granted 20 credits to owes@example.com: balance 0; 10 still owed.",
    });
    await runCreditsCommand(database.db, ["grant", "owes@example.com", "50"]);
    expect(await account(database, userId)).toEqual({ credits: 40, debt: 0 });
  });

  it("refuses unknown addresses and bad numbers, granting nothing", async () => {
    const { userId } = await signInThroughApi(server, "refused@example.com");
    const refusals = await Promise.all(
      [
        ["grant", "nobody@example.com", "5"],
        ["grant", "refused@example.com", "-5"],
        ["grant", "refused@example.com", "2.5"],
        ["grant", "refused@example.com", "0"],
        ["grant", "refused@example.com", "5000000"],
        ["grant", "not-an-address", "5"],
        ["take", "refused@example.com", "5"],
        ["grant", "refused@example.com"],
      ].map((args) => runCreditsCommand(database.db, args)),
    );
    expect(refusals.map((r) => r.message)).toEqual([
      "No account has the address nobody@example.com. Nothing was granted.",
      '"-5" is not a whole number of credits.',
      '"2.5" is not a whole number of credits.',
      "Grant at least 1 credit.",
      "Grant at most 1,000,000 credits at a time.",
      '"not-an-address" is not an e-mail address.',
      "Usage: npm run credits -- grant <email> <credits>",
      "Usage: npm run credits -- grant <email> <credits>",
    ]);
    expect(refusals.every((r) => !r.ok)).toBe(true);
    expect(await account(database, userId)).toEqual({ credits: 100, debt: 0 });
    const lines = await database.db.select().from(creditLedger).where(eq(creditLedger.workspaceId, userId));
    expect(lines.map((l) => l.reason)).toEqual(["signup_grant"]);
  });

  if (target.name === "postgres") {
    it("runs as a script against DATABASE_URL", async () => {
      const { userId } = await signInThroughApi(server, "script-pg@example.com");
      const granted = await creditsScript(["grant", "script-pg@example.com", "7"], { DATABASE_URL: database.url! });
      expect(granted).toMatchObject({ code: 0, stdout: "Granted 7 credits to script-pg@example.com: balance 107.\n" });
      expect(await account(database, userId)).toEqual({ credits: 107, debt: 0 });
    });
  }
});

describe("npm run credits on the embedded database", () => {
  // Each run opens the embedded database on disk in a process of its own: slower than the rest.
  it("runs as a script against DATA_DIR, and refuses clearly", { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "motif-credits-"));
    try {
      let database = await openDatabase({ dataDir: path.join(dataDir, "db") });
      const server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" });
      const { userId } = await signInThroughApi(server, "script@example.com");
      await server.close();
      // The embedded database is one process's: the app is stopped, as docs/operating/operator-console.md says.
      await database.close();

      const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
      const granted = await creditsScript(["grant", "script@example.com", "40"], env);
      expect(granted).toMatchObject({ code: 0, stdout: "Granted 40 credits to script@example.com: balance 140.\n" });
      // Refused before the database is opened (an unknown address is refused in-process above).
      const bad = await creditsScript(["grant", "script@example.com", "lots"], env);
      expect(bad).toMatchObject({ code: 1, stderr: '"lots" is not a whole number of credits.\n' });

      database = await openDatabase({ dataDir: path.join(dataDir, "db") });
      try {
        expect(await account(database, userId)).toEqual({ credits: 140, debt: 0 });
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it(
    "grants through the running app while it holds the embedded database, and only with its secret",
    { timeout: 90_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "motif-credits-"));
      const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
      const server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" });
      try {
        const { userId } = await signInThroughApi(server, "running@example.com");
        const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
        // An app that has not said where it answers: the folder's lock, named.
        const locked = await creditsScript(["grant", "running@example.com", "5"], env);
        expect(locked.code).toBe(1);
        expect(locked.stderr).toContain("is already open in another Motif process");

        announceControl(dataDir, server.url);
        expect(statSync(path.join(dataDir, "control.json")).mode & 0o777).toBe(0o600);
        const granted = await creditsScript(["grant", "running@example.com", "25"], env);
        expect(granted).toMatchObject({ code: 0, stdout: "Granted 25 credits to running@example.com: balance 125.\n" });
        expect(await account(database, userId)).toEqual({ credits: 125, debt: 0 });
        const unknown = await creditsScript(["grant", "nobody@example.com", "5"], env);
        expect(unknown).toMatchObject({
          code: 1,
          stderr: "No account has the address nobody@example.com. Nothing was granted.\n",
        });

        // Without the app's secret, or with another, there is nothing there.
        for (const authorization of [undefined, "Bearer not-the-secret"]) {
          const response = await fetch(`${server.url}/api/operator/credits`, {
            method: "POST",
            headers: { "Content-Type": "application/json", ...(authorization ? { Authorization: authorization } : {}) },
            body: JSON.stringify({ args: ["grant", "running@example.com", "5"] }),
          });
          expect(response.status).toBe(404);
        }
        expect(await account(database, userId)).toEqual({ credits: 125, debt: 0 });
      } finally {
        withdrawControl();
        await server.close();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
