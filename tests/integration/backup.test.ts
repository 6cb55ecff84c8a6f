import { eq } from "drizzle-orm";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupEmbedded, restoreEmbedded } from "#server/backup/backup.server";
import { openDatabase } from "#server/db/client.server";
import { DatabaseLockedError } from "#server/db/folder-lock.server";
import { styles, workspaceBalances } from "#server/db/schema";
import { createUser, grantCredits, insertStyle } from "../support/factories";

describe("backing up and restoring the embedded database", { timeout: 90_000 }, () => {
  let root: string;
  let dataDir: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), "motif-backup-"));
    dataDir = path.join(root, "data");
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("brings back the accounts, styles, credits and image files after the data folder is lost", async () => {
    const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
    const userId = await createUser(database, 40);
    await grantCredits(database.db, userId, 60);
    const styleId = await insertStyle(database.db, { ownerId: userId, name: "Kept through a restore" });
    await database.close();
    mkdirSync(path.join(dataDir, "files", "users", userId), { recursive: true });
    writeFileSync(path.join(dataDir, "files", "users", userId, "image.png"), "picture bytes");

    const file = path.join(root, "backup.zip");
    expect(await backupEmbedded({ dataDir, file })).toEqual({ files: 1 });

    rmSync(dataDir, { recursive: true, force: true });
    expect(await restoreEmbedded({ dataDir, file })).toEqual({ files: 1 });

    const restored = await openDatabase({ dataDir: path.join(dataDir, "db") });
    try {
      const [user] = await restored.db.select().from(workspaceBalances).where(eq(workspaceBalances.id, userId));
      expect(user?.credits).toBe(100);
      const [style] = await restored.db.select().from(styles).where(eq(styles.id, styleId));
      expect(style?.name).toBe("Kept through a restore");
    } finally {
      await restored.close();
    }
    expect(readFileSync(path.join(dataDir, "files", "users", userId, "image.png"), "utf8")).toBe("picture bytes");
  });

  it("keeps what a restore replaces, beside it", async () => {
    const file = path.join(root, "backup.zip");
    await restoreEmbedded({ dataDir, file });
    const kept = readdirSync(dataDir).filter((name) => name.includes(".before-restore-"));
    expect(kept.some((name) => name.startsWith("db."))).toBe(true);
    expect(kept.some((name) => name.startsWith("files."))).toBe(true);
  });

  it("refuses while Motif has the database open, naming why", async () => {
    const running = await openDatabase({ dataDir: path.join(dataDir, "db") });
    try {
      await expect(backupEmbedded({ dataDir, file: path.join(root, "b2.zip") })).rejects.toBeInstanceOf(
        DatabaseLockedError,
      );
      await expect(restoreEmbedded({ dataDir, file: path.join(root, "backup.zip") })).rejects.toBeInstanceOf(
        DatabaseLockedError,
      );
    } finally {
      await running.close();
    }
    expect(existsSync(path.join(root, "b2.zip"))).toBe(false);
  });

  it("refuses a file that is not a Motif backup and changes nothing", async () => {
    const other = path.join(root, "other.zip");
    writeFileSync(other, "not a zip");
    await expect(restoreEmbedded({ dataDir, file: other })).rejects.toThrow();
    const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
    await database.close();
  });

  it("runs as npm run backup and npm run restore", () => {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" };
    const file = path.join(root, "from-the-command.zip");
    const backup = spawnSync("npx", ["tsx", "scripts/backup.ts", file], { env, encoding: "utf8" });
    expect(backup.stdout).toMatch(/Backed up the database and 1 files to/);
    const restore = spawnSync("npx", ["tsx", "scripts/restore.ts", file], { env, encoding: "utf8" });
    expect(restore.stdout).toMatch(/Restored the database and 1 files/);
  });
});

// The PostgreSQL recipe in docs/operating/deployment.md, run as written: pg_dump -Fc, then pg_restore into a new database.
const adminUrl = process.env.TEST_DATABASE_URL;
describe.runIf(adminUrl)("backing up PostgreSQL with pg_dump and pg_restore", { timeout: 60_000 }, () => {
  it("restores accounts, styles and credits into a new database", async () => {
    const name = `motif_backup_${process.pid}`;
    const admin = async (statement: string) => {
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    const urlOf = (database: string) => {
      const url = new URL(adminUrl!);
      url.pathname = `/${database}`;
      return url.href;
    };
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`drop database if exists ${name}_restored with (force)`);
    await admin(`create database ${name}`);
    await admin(`create database ${name}_restored`);
    const root = mkdtempSync(path.join(tmpdir(), "motif-pgdump-"));
    try {
      const source = await openDatabase({ databaseUrl: urlOf(name) });
      const userId = await createUser(source, 25);
      const styleId = await insertStyle(source.db, { ownerId: userId, name: "Dumped and restored" });
      await source.close();

      const dump = path.join(root, "motif.dump");
      const dumped = spawnSync("pg_dump", ["--format=custom", `--file=${dump}`, urlOf(name)], { encoding: "utf8" });
      expect(dumped.status, dumped.stderr).toBe(0);
      const restored = spawnSync("pg_restore", ["--no-owner", `--dbname=${urlOf(`${name}_restored`)}`, dump], {
        encoding: "utf8",
      });
      expect(restored.status, restored.stderr).toBe(0);

      const target = await openDatabase({ databaseUrl: urlOf(`${name}_restored`) });
      try {
        const [user] = await target.db.select().from(workspaceBalances).where(eq(workspaceBalances.id, userId));
        expect(user?.credits).toBe(25);
        const [style] = await target.db.select().from(styles).where(eq(styles.id, styleId));
        expect(style?.name).toBe("Dumped and restored");
      } finally {
        await target.close();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
      await admin(`drop database if exists ${name} with (force)`);
      await admin(`drop database if exists ${name}_restored with (force)`);
    }
  });
});
