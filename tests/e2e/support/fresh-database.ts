// Prints the URL of an empty database called <name> on the test PostgreSQL server
// (TEST_DATABASE_URL), dropping any earlier one of that name; prints nothing without a server, so
// the instance that reads it falls back to its embedded database.
//   DATABASE_URL="$(node tests/e2e/support/fresh-database.ts motif_e2e_3210)" node server.mjs
import pg from "pg";

const [name] = process.argv.slice(2);
const server = process.env.TEST_DATABASE_URL;
if (!name || !/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a database name: ${name}`);
if (server) {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  process.stdout.write(url.href);
}
