import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "#server/db/client.server";

export interface TestDatabase {
  name: "pglite" | "postgres";
  /** A fresh, migrated database; `close()` also drops it. */
  open(): Promise<DatabaseHandle>;
}

const pglite: TestDatabase = {
  name: "pglite",
  open: () => openDatabase({ dataDir: "memory://" }),
};

/** A throw-away database on the server named by TEST_DATABASE_URL. */
function postgres(url: string): TestDatabase {
  return {
    name: "postgres",
    async open() {
      const name = `motif_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const target = new URL(url);
      target.pathname = `/${name}`;
      const handle = await openDatabase({ databaseUrl: target.href });
      return {
        ...handle,
        async close() {
          await handle.close();
          const cleanup = new pg.Client({ connectionString: url });
          await cleanup.connect();
          await cleanup.query(`drop database if exists ${name} with (force)`);
          await cleanup.end();
        },
      };
    },
  };
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const testDatabases: TestDatabase[] = [
  pglite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];
