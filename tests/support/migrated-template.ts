import { openDatabase } from "#server/db/client.server";
import pg from "pg";
import { migrationsKey } from "./pglite-snapshot";

// Any constant works: it keeps two test processes from making the template at once.
const TEMPLATE_LOCK_KEY = 727_077;
const PREFIX = "motif_template_";

let made: Promise<string> | undefined;

/**
 * The name of a database on the server at `serverUrl` with every migration applied, for test
 * databases to be copied from (`create database … template …`): a copy takes a fraction of
 * migrating an empty one. Made once per server and set of migrations; older templates are dropped.
 */
export function migratedTemplate(serverUrl: string): Promise<string> {
  made ??= (async () => {
    const name = `${PREFIX}${migrationsKey()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
      const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (!rowCount) {
        const { rows } = await admin.query<{ datname: string }>(
          "select datname from pg_database where datname like $1",
          [`${PREFIX}%`],
        );
        for (const old of rows) await admin.query(`drop database if exists ${old.datname} with (force)`);
        await admin.query(`create database ${name}`);
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        // Migrated, then closed: a template must have no one connected when it is copied.
        await (await openDatabase({ databaseUrl: url.href })).close();
      }
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]).catch(() => {});
      await admin.end();
    }
    return name;
  })();
  return made;
}
