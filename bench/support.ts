// Shared by the benchmarks: a style to generate in, a funded user, percentiles.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import type { DatabaseHandle } from "../server/db/client.server";
import { authUsers, users } from "../server/db/schema";
import type { NewStyleInput } from "../server/styles/style-samples.server";

export const benchStyle: NewStyleInput = {
  name: "Bench",
  description: "Flat icons",
  source: "text",
  prompt: "Flat icons.",
  palette: ["#f4a23c", "#2a9d8f"],
  seed: 1,
  defaultSize: "square",
  defaultDetail: "draft",
  defaultTransparent: true,
};

/** A user with a balance no benchmark runs out of. */
export async function makeBenchUser(handle: DatabaseHandle, id: string) {
  await handle.db.insert(authUsers).values({ id, email: `${id}@bench.local` });
  await handle.db.insert(users).values({ id, credits: 1_000_000 });
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Which database a run measures, and the machine it ran on: the head of every results file. */
export function runHeader() {
  return {
    date: new Date().toISOString(),
    database: process.env.BENCH_DATABASE_URL ? "postgres" : "pglite",
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
  };
}

/**
 * The production build (`npm run build` first) as `npm start` runs it, on a fresh embedded
 * database in a temporary folder, answering on a free loopback port. `stop()` ends it and
 * removes the folder.
 */
export async function startBuiltServer(): Promise<{
  base: string;
  pid: number;
  dataDir: string;
  stop(): Promise<void>;
}> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "motif-bench-"));
  const server = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
    },
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const stop = async () => {
    server.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://localhost:${port}`;
  for (
    let tries = 0;
    !(await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    ));
    tries++
  ) {
    if (tries > 240) {
      await stop();
      throw new Error("The server did not start: run `npm run build` first");
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { base, pid: server.pid!, dataDir, stop };
}
