import lockfile from "proper-lockfile";
import path from "node:path";

export class DatabaseLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The embedded database in ${dataDir} is already open in another Motif process. ` +
        `Only one process may use an embedded database: stop the other process, ` +
        `or set DATABASE_URL to a PostgreSQL server to run several processes.`,
    );
    this.name = "DatabaseLockedError";
  }
}

/**
 * PGlite gives no error when two processes open one folder, and both corrupt it.
 * This lock (refreshed while we live, stale after a crash) refuses the second.
 */
export function lockDataFolder(dataDir: string): () => void {
  const target = path.resolve(dataDir);
  try {
    return lockfile.lockSync(target, {
      lockfilePath: `${target}.lock`,
      stale: 15_000,
      update: 5_000,
      realpath: false,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") throw new DatabaseLockedError(dataDir);
    throw error;
  }
}
