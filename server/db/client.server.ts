import { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import path from "node:path";
import pg from "pg";
import * as schema from "./schema";
import { lockDataFolder } from "./folder-lock.server";
import { withStatementCache } from "./pglite-statements.server";
import { statementCounter } from "./statement-count.server";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** Runs raw SQL and returns its rows, on either driver. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** The server's URL when on PostgreSQL (pg-boss opens its own pool). */
  url?: string;
  /** The underlying PGlite instance when embedded (pg-boss needs it later). */
  pglite?: PGlite;
  /**
   * Whether opening it created or brought up to date its tables (always on PostgreSQL, where
   * migrating an up-to-date database is cheap); false when an embedded folder was already ready.
   */
  prepared: boolean;
  ping(): Promise<void>;
  /** LISTEN on a channel; resolves to a function that stops listening. */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL; when absent, PGlite stores the database in `dataDir`. */
  databaseUrl?: string;
  /** Folder for the embedded database; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  migrationsFolder?: string;
  /**
   * In memory only: start from this dump of an embedded database (`dumpDataDir`) instead of an
   * empty one. A migrated dump spares tests PGlite's initdb, seconds each time; later migrations
   * still apply on top.
   */
  snapshot?: Blob;
}

const DEFAULT_MIGRATIONS = path.resolve("drizzle");
// Any constant works; it keeps concurrent processes from migrating at once.
const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? DEFAULT_MIGRATIONS;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, migrationsFolder);
  return openPglite(options.dataDir ?? "memory://", migrationsFolder, options.snapshot);
}

async function openPostgres(url: string, migrationsFolder: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle connection the server dropped (restart, failover) must not crash the
  // process: the pool replaces it, and errors of running queries reach their callers.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema, logger: statementCounter }) as unknown as Database;
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
  return {
    db,
    kind: "postgres",
    url,
    prepared: true,
    ping: async () => void (await db.execute(sql`select 1`)),
    listen: (channel, onNotify, onReconnect) => listenOnPostgres(url, channel, onNotify, onReconnect),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string, migrationsFolder: string, snapshot?: Blob): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith("memory://");
  let release: (() => void) | undefined;
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true });
    release = lockDataFolder(dataDir);
  }
  const folder = path.resolve(dataDir);
  const open = () =>
    PGlite.create(inMemory ? dataDir : folder, {
      startParams: inMemory ? undefined : [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
    });
  try {
    let prepared = false;
    let pglite: PGlite;
    if (inMemory) {
      pglite = snapshot ? await PGlite.create(dataDir, { loadDataDir: snapshot }) : await open();
      await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder });
      prepared = true;
    } else if (!existsSync(path.join(folder, "PG_VERSION"))) {
      await prepareInChildProcess(folder, path.resolve(migrationsFolder));
      prepared = true;
      pglite = await open();
    } else {
      // A folder already made is usually up to date: asking it costs two one-row queries,
      // where preparing it costs a child process and several seconds (docs/decisions/061).
      pglite = await open();
      if (!(await isUpToDate(pglite, migrationsFolder))) {
        await pglite.close();
        await prepareInChildProcess(folder, path.resolve(migrationsFolder));
        prepared = true;
        pglite = await open();
      }
    }
    const db = drizzlePglite(withStatementCache(pglite), { schema, logger: statementCounter }) as unknown as Database;
    return {
      db,
      kind: "pglite",
      pglite,
      prepared,
      ping: async () => void (await pglite.query("select 1")),
      listen: async (channel, onNotify) => {
        const unlisten = await pglite.listen(channel, onNotify);
        return async () => unlisten();
      },
      close: async () => {
        await pglite.close();
        release?.();
      },
    };
  } catch (error) {
    release?.();
    throw error;
  }
}

/**
 * Whether an embedded database already has everything this code would apply: the last of the
 * app's migrations (Drizzle applies those newer than the last it recorded, so this is its own
 * rule) and the job queue's schema version. Anything missing or unreadable means "prepare it".
 */
async function isUpToDate(pglite: PGlite, migrationsFolder: string): Promise<boolean> {
  try {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries: { when: number }[];
    };
    const newest = Math.max(0, ...journal.entries.map((entry) => entry.when));
    const applied = await pglite.query<{ last: string | null }>(
      `select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    if (Number(applied.rows[0]?.last ?? 0) < newest) return false;
    const queue = await pglite.query<{ version: number }>(`select version from pgboss.version`);
    return (queue.rows[0]?.version ?? 0) >= jobQueueSchemaVersion();
  } catch {
    return false;
  }
}

/** The schema version the installed pg-boss expects (its package.json's `pgboss.schema`). */
function jobQueueSchemaVersion(): number {
  const require = createRequire(import.meta.url);
  const manifest = require("pg-boss/package.json") as { pgboss?: { schema?: number } };
  // Unknown: never claim the folder is ready, so the child prepares it as before.
  return manifest.pgboss?.schema ?? Number.POSITIVE_INFINITY;
}

/**
 * The embedded server's settings for a database of one person or a small team: 16 MB of shared
 * buffers instead of 128 (the operating system caches the files anyway), which keeps about
 * 130 MB out of the process for its whole life (bench/memory.bench.ts).
 */
const EMBEDDED_SETTINGS = ["-c", "shared_buffers=16MB"];

/**
 * Creating a database cluster (initdb) and migrating it (the app's tables and the job queue's)
 * grow the embedded server's memory by a few hundred megabytes that a process never gives
 * back. Both therefore run in a short-lived child process; this one then opens the ready folder.
 */
async function prepareInChildProcess(dataDir: string, migrationsFolder: string): Promise<void> {
  const resolve = (specifier: string) => pathToFileURL(createRequire(import.meta.url).resolve(specifier)).href;
  const modules = {
    pglite: resolve("@electric-sql/pglite"),
    drizzle: resolve("drizzle-orm/pglite"),
    migrator: resolve("drizzle-orm/pglite/migrator"),
    pgBoss: resolve("pg-boss"),
  };
  const script = `
    const { modules, dataDir, migrationsFolder } = JSON.parse(process.argv[1]);
    const [{ PGlite }, { drizzle }, { migrate }, { PgBoss, fromPglite }] = await Promise.all(
      [modules.pglite, modules.drizzle, modules.migrator, modules.pgBoss].map((url) => import(url)),
    );
    const db = await PGlite.create(dataDir);
    try {
      await migrate(drizzle(db), { migrationsFolder });
      // The job queue's own tables, made or brought up to date, without starting its timers.
      const boss = new PgBoss({ db: fromPglite(db), backend: "pglite", supervise: false, schedule: false });
      await boss.start();
      await boss.stop({ graceful: false, close: false });
    } finally {
      await db.close();
    }`;
  const child = spawn(
    process.execPath,
    ["--input-type=module", "--eval", script, JSON.stringify({ modules, dataDir, migrationsFolder })],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`Preparing the embedded database failed: ${errors.trim() || `exit code ${code}`}`);
}

/**
 * A dedicated connection for LISTEN (pooled ones come and go). If it drops, it is
 * re-established with a pause between tries, and `onReconnect` lets listeners catch up.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  const connectOnce = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload) onNotify(message.payload);
    });
    next.on("error", () => {}); // followed by "end", which reconnects
    next.on("end", () => {
      if (stopped || client !== next) return;
      client = undefined;
      void reconnect();
    });
    try {
      await next.connect();
      await next.query(`listen "${channel.replace(/"/g, "")}"`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };
  const reconnect = async (): Promise<void> => {
    for (let attempt = 1; !stopped; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 500 * 2 ** attempt)));
      if (stopped) return;
      try {
        await connectOnce();
        onReconnect?.();
        return;
      } catch {
        // The server is still away: try again after a longer pause.
      }
    }
  };
  await connectOnce();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}
