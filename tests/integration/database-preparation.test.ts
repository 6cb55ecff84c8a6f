import { sql } from "drizzle-orm";
import { PGlite } from "@electric-sql/pglite";
import archiver from "archiver";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backupEmbedded, restoreEmbedded } from "#server/backup/backup.server";
import { openDatabase, queryRows } from "#server/db/client.server";
import { migrationsUpTo } from "../support/migrations-up-to";

/** The newest migration's table: present only once every migration ran. */
async function hasNewestMigration(dataDir: string): Promise<boolean> {
  const database = await openDatabase({ dataDir });
  try {
    const [row] = await queryRows<{ found: boolean }>(
      database.db,
      sql`select exists (select 1 from information_schema.columns where table_name = 'images' and column_name = 'parent_image_id') as found`,
    );
    return row!.found;
  } finally {
    await database.close();
  }
}

describe("opening an embedded data folder", { timeout: 120_000 }, () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "motif-prepare-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("prepares a new folder once, and opens it without preparing on every later start", async () => {
    const dataDir = path.join(root, "db");
    const first = await openDatabase({ dataDir });
    expect(first.prepared).toBe(true);
    await first.close();

    for (let start = 0; start < 2; start++) {
      const again = await openDatabase({ dataDir });
      try {
        expect(again.prepared).toBe(false);
        const [row] = await queryRows<{ version: number }>(again.db, sql`select version from pgboss.version`);
        expect(row!.version).toBeGreaterThan(0);
      } finally {
        await again.close();
      }
    }
  });

  it("brings a folder made by an earlier release up to date, then opens it without preparing", async () => {
    const dataDir = path.join(root, "db");
    const older = migrationsUpTo(10);
    try {
      const old = await openDatabase({ dataDir, migrationsFolder: older });
      await old.close();
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
    const upgraded = await openDatabase({ dataDir });
    expect(upgraded.prepared).toBe(true);
    await upgraded.close();
    expect(await hasNewestMigration(dataDir)).toBe(true);
    const next = await openDatabase({ dataDir });
    expect(next.prepared).toBe(false);
    await next.close();
  });

  it("prepares a folder whose job queue tables are missing", async () => {
    const dataDir = path.join(root, "db");
    const made = await openDatabase({ dataDir });
    await made.db.execute(sql`drop schema pgboss cascade`);
    await made.close();
    const reopened = await openDatabase({ dataDir });
    try {
      expect(reopened.prepared).toBe(true);
      const [row] = await queryRows<{ version: number }>(reopened.db, sql`select version from pgboss.version`);
      expect(row!.version).toBeGreaterThan(0);
    } finally {
      await reopened.close();
    }
  });

  it("opens a backup made by an earlier release migrated, once restored", async () => {
    const dataDir = path.join(root, "data");
    const older = migrationsUpTo(10);
    try {
      const old = await openDatabase({ dataDir: path.join(root, "old"), migrationsFolder: older });
      await old.close();
    } finally {
      rmSync(older, { recursive: true, force: true });
    }
    // The backup file an earlier release wrote (server/backup): its manifest and PGlite's dump.
    const dumped = await PGlite.create(path.join(root, "old"));
    const dump = Buffer.from(await (await dumped.dumpDataDir("gzip")).arrayBuffer());
    await dumped.close();
    const file = path.join(root, "backup.zip");
    const archive = archiver("zip");
    const written = pipeline(archive, createWriteStream(file));
    archive.append(JSON.stringify({ format: 1, createdAt: new Date().toISOString() }), { name: "motif-backup.json" });
    archive.append(dump, { name: "database.tar.gz" });
    await archive.finalize();
    await written;

    // A current folder in its place, which the restore replaces with the older one.
    await (await openDatabase({ dataDir: path.join(dataDir, "db") })).close();
    await restoreEmbedded({ dataDir, file });

    const restored = await openDatabase({ dataDir: path.join(dataDir, "db") });
    expect(restored.prepared).toBe(true);
    await restored.close();
    expect(await hasNewestMigration(path.join(dataDir, "db"))).toBe(true);
  });

  it("opens a restored backup of a current folder without preparing it", async () => {
    const dataDir = path.join(root, "data");
    const made = await openDatabase({ dataDir: path.join(dataDir, "db") });
    await made.db.execute(sql`insert into auth_users (id, email) values ('kept', 'kept@example.com')`);
    await made.close();
    const file = path.join(root, "backup.zip");
    await backupEmbedded({ dataDir, file });
    await restoreEmbedded({ dataDir, file });
    const restored = await openDatabase({ dataDir: path.join(dataDir, "db") });
    try {
      expect(restored.prepared).toBe(false);
      const rows = await queryRows<{ id: string }>(restored.db, sql`select id from auth_users`);
      expect(rows).toEqual([{ id: "kept" }]);
    } finally {
      await restored.close();
    }
  });
});
