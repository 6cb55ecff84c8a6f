import { eq, sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "#server/db/client.server";
import { DatabaseLockedError } from "#server/db/folder-lock.server";
import { authUsers, creditLedger, workspaceBalances } from "#server/db/schema";
import { testDatabases } from "../support/databases";

describe.each(testDatabases)("database on $name", (target) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await target.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("answers a ping", async () => {
    await expect(handle.ping()).resolves.toBeUndefined();
  });

  it("has the migrated tables", async () => {
    const rows = await queryRows<{ table_name: string }>(
      handle.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = rows.map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(["workspace_balances", "credit_ledger"]));
  });

  it("refuses a negative credit balance", async () => {
    await handle.db.insert(authUsers).values({ id: "u-negative", email: "negative@example.com" });
    await handle.db.insert(workspaceBalances).values({ id: "u-negative", credits: 5 });
    await expect(
      handle.db.update(workspaceBalances).set({ credits: -1 }).where(eq(workspaceBalances.id, "u-negative")),
    ).rejects.toThrow();
    const [row] = await handle.db.select().from(workspaceBalances).where(eq(workspaceBalances.id, "u-negative"));
    expect(row?.credits).toBe(5);
  });

  it("accepts one ledger row per (reason, ref) and cascades on identity deletion", async () => {
    await handle.db.insert(authUsers).values({ id: "u-ledger", email: "ledger@example.com" });
    await handle.db.insert(workspaceBalances).values({ id: "u-ledger", credits: 100 });
    const row = {
      workspaceId: "u-ledger",
      delta: 100,
      reason: "signup_grant" as const,
      ref: "u-ledger",
      balanceAfter: 100,
    };
    await handle.db.insert(creditLedger).values(row);
    await expect(handle.db.insert(creditLedger).values(row)).rejects.toThrow();
    await handle.db.delete(authUsers).where(eq(authUsers.id, "u-ledger"));
    const left = await handle.db.select().from(creditLedger).where(eq(creditLedger.workspaceId, "u-ledger"));
    expect(left).toHaveLength(0);
  });

  it("refuses an unknown ledger reason", async () => {
    await handle.db.insert(authUsers).values({ id: "u-reason", email: "reason@example.com" });
    await handle.db.insert(workspaceBalances).values({ id: "u-reason", credits: 0 });
    await expect(
      handle.db.execute(
        sql`insert into credit_ledger (workspace_id, delta, reason, ref, balance_after) values ('u-reason', 1, 'gift', 'x', 1)`,
      ),
    ).rejects.toThrow();
  });
});

describe("embedded database folder", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "motif-db-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("refuses a second process-level open of the same folder, and reopens after close", async () => {
    const folder = path.join(dir, "db");
    const first = await openDatabase({ dataDir: folder });
    await first.db.insert(authUsers).values({ id: "kept", email: "kept@example.com" });
    await first.db.insert(workspaceBalances).values({ id: "kept", credits: 7 });
    await expect(openDatabase({ dataDir: folder })).rejects.toBeInstanceOf(DatabaseLockedError);
    await first.close();

    const second = await openDatabase({ dataDir: folder });
    const [row] = await second.db.select().from(workspaceBalances).where(eq(workspaceBalances.id, "kept"));
    expect(row?.credits).toBe(7);
    await second.close();
  });

  it("creates and migrates a new folder apart, then runs with small shared buffers", async () => {
    const folder = path.join(dir, "fresh");
    const handle = await openDatabase({ dataDir: folder });
    try {
      const tables = await queryRows<{ name: string }>(
        handle.db,
        sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
      );
      expect(tables.map((t) => t.name)).toEqual(
        expect.arrayContaining(["workspace_balances", "styles", "images", "sessions"]),
      );
      const [setting] = await queryRows<{ shared_buffers: string }>(handle.db, sql`show shared_buffers`);
      expect(setting?.shared_buffers).toBe("16MB");
    } finally {
      await handle.close();
    }
  });
});
