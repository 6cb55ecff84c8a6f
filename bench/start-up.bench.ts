// How fast `npm start` answers on a built tree with an existing data folder, and what the
// server costs idle. `npm run build` first. On the embedded database by default; with
// BENCH_DATABASE_URL, on a fresh database of that PostgreSQL server.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freeLoopbackPort } from "../tests/support/free-port";
import { cpuSeconds, percentile, temporaryPostgres } from "./support";
import { report } from "./targets";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
/** After the start, before idle is measured: the first checks and V8's clean-up after loading. */
const SETTLE_SECONDS = 30;
const TARGET = { startSeconds: 3, idleCpuPercent: 0.5 };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => percentile(values, 50);

const port = await freeLoopbackPort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "motif-bench-start-"));
const postgres = process.env.BENCH_DATABASE_URL ? await temporaryPostgres(process.env.BENCH_DATABASE_URL) : null;
const base = `http://127.0.0.1:${port}`;

/** `npm start` as an operator runs it; resolves once /healthz answers, with the time that took. */
async function start() {
  const began = performance.now();
  const npm = spawn("npm", ["start"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    },
    stdio: "ignore",
    detached: true,
  });
  const exited = new Promise<void>((resolve) => npm.once("exit", () => resolve()));
  for (
    let tries = 0;
    !(await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    ));
    tries++
  ) {
    if (tries > 1200) throw new Error("The server did not start: run `npm run build` first");
    await pause(20);
  }
  const seconds = (performance.now() - began) / 1000;
  return {
    seconds,
    // npm runs the script through a shell: the server is the node process below it.
    serverPid: () => serverUnder(npm.pid!),
    stop: async () => {
      process.kill(-npm.pid!, "SIGTERM");
      await exited;
      await pause(500);
    },
  };
}

/** The process under `pid` (itself included) running scripts/start.mjs. */
function serverUnder(pid: number): number {
  const [program, ...args] = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  // After malloc-tuning.mjs restarts it in place, its script is named by its absolute path.
  if (path.basename(program!) === "node" && args.some((arg) => arg.endsWith("scripts/start.mjs"))) return pid;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  for (const child of children) {
    const found = serverUnder(Number(child));
    if (found) return found;
  }
  return 0;
}

try {
  // The first start makes the data folder; the ones measured find it there.
  const first = await start();
  await first.stop();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const server = await start();
    times.push(server.seconds);
    await server.stop();
  }

  const server = await start();
  const pid = server.serverPid();
  await pause(SETTLE_SECONDS * 1000);
  const cpuBefore = cpuSeconds(pid);
  const began = performance.now();
  await pause(IDLE_SECONDS * 1000);
  const idleCpuPercent = ((cpuSeconds(pid) - cpuBefore) / ((performance.now() - began) / 1000)) * 100;
  await server.stop();

  const database = postgres ? "PostgreSQL" : "embedded database";
  report(
    postgres ? "bench/results/start-up-postgres.json" : "bench/results/start-up.json",
    [
      {
        name: `npm start to /healthz, existing data, ${database} (median of ${RUNS})`,
        measured: Math.round(median(times) * 100) / 100,
        unit: "s",
        target: TARGET.startSeconds,
        better: "lower",
      },
      {
        name: `Idle CPU over ${IDLE_SECONDS} s, ${database}`,
        measured: Math.round(idleCpuPercent * 100) / 100,
        unit: "% of a core",
        target: TARGET.idleCpuPercent,
        better: "lower",
      },
    ],
    {
      firstStartSeconds: Math.round(first.seconds * 100) / 100,
      startSeconds: times.map((t) => Math.round(t * 100) / 100),
      loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
    },
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  await postgres?.drop();
}
