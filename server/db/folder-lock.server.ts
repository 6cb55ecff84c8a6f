import lockfile from "proper-lockfile";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
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

interface LockOwner {
  pid: number;
  host: string;
}

/** Folders this process holds: its own pid is alive, yet a second open must still be refused. */
const heldHere = new Set<string>();

/**
 * PGlite gives no error when two processes open one folder, and both corrupt it.
 * This lock (refreshed while we live, stale 15 s after a crash) refuses the second.
 * Beside it we note who holds it, so a lock left by a process that no longer
 * exists on this host is taken at once instead of after the stale time.
 */
export function lockDataFolder(dataDir: string): () => void {
  const target = path.resolve(dataDir);
  const lockPath = `${target}.lock`;
  const ownerPath = `${lockPath}.owner`;
  if (heldHere.has(target)) throw new DatabaseLockedError(dataDir);
  const release = tryLock(target, lockPath) ?? takeFromDeadHolder(target, lockPath, ownerPath);
  if (!release) throw new DatabaseLockedError(dataDir);
  writeFileSync(ownerPath, JSON.stringify({ pid: process.pid, host: hostname() } satisfies LockOwner));
  heldHere.add(target);
  return () => {
    heldHere.delete(target);
    rmSync(ownerPath, { force: true });
    release();
  };
}

function tryLock(target: string, lockPath: string): (() => void) | undefined {
  try {
    return lockfile.lockSync(target, { lockfilePath: lockPath, stale: 15_000, update: 5_000, realpath: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") return undefined;
    throw error;
  }
}

/**
 * Takes the lock when its recorded holder is gone. The owner note is first moved
 * to a name only we know (a rename succeeds for one process only), so two
 * processes starting at once cannot both clear the lock: the loser finds nothing to move.
 */
function takeFromDeadHolder(target: string, lockPath: string, ownerPath: string): (() => void) | undefined {
  if (!isDeadHere(readOwner(ownerPath))) return undefined;
  const claimed = `${ownerPath}.${process.pid}`;
  try {
    renameSync(ownerPath, claimed);
  } catch {
    return undefined;
  }
  const owner = readOwner(claimed);
  if (!isDeadHere(owner)) {
    // Another process took the lock meanwhile and this note is its own: put it back.
    renameSync(claimed, ownerPath);
    return undefined;
  }
  rmSync(claimed, { force: true });
  rmSync(lockPath, { recursive: true, force: true });
  return tryLock(target, lockPath);
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, "utf8")) as Partial<LockOwner>;
    return typeof owner.pid === "number" && typeof owner.host === "string"
      ? { pid: owner.pid, host: owner.host }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Only a holder on this machine can be checked; elsewhere (a shared disk) the stale time decides. */
function isDeadHere(owner: LockOwner | undefined): boolean {
  if (!owner || owner.host !== hostname()) return false;
  // Our own pid in the note is an earlier life of this process (a container restarted with the same pid).
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the pid exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
