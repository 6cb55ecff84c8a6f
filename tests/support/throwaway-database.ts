import { randomBytes } from "node:crypto";
import pg from "pg";

/** A new database on the PostgreSQL server at `serverUrl`, empty or a copy of `template`; `drop()` removes it. */
export async function createThrowawayDatabase(serverUrl: string, prefix = "motif_test", template?: string) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
