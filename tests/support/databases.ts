import { openDatabase, type DatabaseHandle } from "#server/db/client.server";
import { migratedTemplate } from "./migrated-template";
import { migratedSnapshot } from "./pglite-snapshot";
import { createThrowawayDatabase } from "./throwaway-database";

export interface TestDatabase {
  name: "pglite" | "postgres";
  /** A fresh, migrated database; `close()` also drops it. */
  open(): Promise<DatabaseHandle>;
}

const pglite: TestDatabase = {
  name: "pglite",
  // From a migrated dump: the same database as a fresh one, without initdb each time.
  open: async () => openDatabase({ dataDir: "memory://", snapshot: await migratedSnapshot() }),
};

/** A throw-away database on the server named by TEST_DATABASE_URL. */
function postgres(url: string): TestDatabase {
  return {
    name: "postgres",
    async open() {
      // A copy of a migrated template: the same database as a migrated empty one, sooner.
      const created = await createThrowawayDatabase(url, "motif_test", await migratedTemplate(url));
      const handle = await openDatabase({ databaseUrl: created.url });
      return {
        ...handle,
        async close() {
          await handle.close();
          await created.drop();
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
