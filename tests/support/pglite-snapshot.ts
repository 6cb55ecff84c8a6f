import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const require = createRequire(import.meta.url);
const migrationsFolder = path.resolve("drizzle");

/** What a migrated database is made of: every migration's text (and PGlite's version). */
export function migrationsKey(): string {
  const hash = createHash("sha256");
  // The package's folder, from its entry point (its package.json is not exported).
  const entry = require.resolve("@electric-sql/pglite");
  const root = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  hash.update((JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version);
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (file.endsWith(".sql") || file.endsWith(".json")) hash.update(file).update(readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

let made: Promise<Blob> | undefined;

/**
 * A dump of an empty embedded database with every migration applied, for tests to start from:
 * PGlite's initdb takes seconds each time, loading a dump a fraction of that. Made once per
 * machine and set of migrations, in the system's temporary folder, shared by every test process.
 */
export function migratedSnapshot(): Promise<Blob> {
  made ??= (async () => {
    const file = path.join(os.tmpdir(), `motif-test-pglite-${migrationsKey()}.tar`);
    if (!existsSync(file)) {
      const db = await PGlite.create("memory://");
      await migrate(drizzle(db), { migrationsFolder });
      const dump = await db.dumpDataDir("none");
      await db.close();
      // Written aside and renamed: a process reading it never sees half a file.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    }
    return new Blob([readFileSync(file)]);
  })();
  return made;
}
