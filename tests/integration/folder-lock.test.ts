import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "#server/db/client.server";
import { DatabaseLockedError, lockDataFolder } from "#server/db/folder-lock.server";

/** Starts a process that holds the lock on `folder`; resolves once it holds it. */
async function holdLockInChild(folder: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/hold-folder-lock.ts", folder], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
    child.on("exit", (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  return child;
}

async function kill(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}

describe("embedded database folder lock", () => {
  let dir: string;
  let child: ChildProcess | undefined;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "motif-lock-"));
  });
  afterEach(async () => {
    if (child) await kill(child, "SIGKILL");
    child = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it("opens the database after its holder crashed, instead of refusing until the lock is stale", async () => {
    const folder = path.join(dir, "db");
    child = await holdLockInChild(folder);
    await kill(child, "SIGKILL");
    const handle = await openDatabase({ dataDir: folder });
    await handle.close();
    // Creating and migrating a PGlite folder takes many seconds on a busy machine.
  }, 120_000);

  // Timed on the lock alone: opening PGlite itself takes seconds on a busy machine.
  it("takes a dead holder's lock at once (its pid is gone on this host)", async () => {
    const folder = path.join(dir, "db");
    child = await holdLockInChild(folder);
    await kill(child, "SIGKILL");
    const started = performance.now();
    const release = lockDataFolder(folder);
    expect(performance.now() - started).toBeLessThan(200);
    release();
  });

  it("still refuses while the holder is alive, and names the way out", async () => {
    const folder = path.join(dir, "db");
    child = await holdLockInChild(folder);
    expect(() => lockDataFolder(folder)).toThrow(DatabaseLockedError);
    await expect(openDatabase({ dataDir: folder })).rejects.toBeInstanceOf(DatabaseLockedError);
  });

  it("refuses a second lock in the same process", () => {
    const folder = path.join(dir, "db");
    const release = lockDataFolder(folder);
    try {
      expect(() => lockDataFolder(folder)).toThrow(DatabaseLockedError);
    } finally {
      release();
    }
    lockDataFolder(folder)();
  });
});
