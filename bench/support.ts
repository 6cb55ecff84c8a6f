// Shared by the benchmarks: a style to generate in, a funded user, percentiles.
import os from "node:os";
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
