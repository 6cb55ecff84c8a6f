// The server's memory on embedded defaults, idle and after a load run, against its budget.
// Starts the production build (`npm run build` first) on a fresh embedded database, reads
// the process's resident memory from /proc, then sends public and signed-in page requests
// from 10 connections at once. Exits 1 while over budget.
import { readFileSync } from "node:fs";
import { signInThroughOutbox, startBuiltServer } from "./support";
import { report } from "./targets";

const BUDGET_MB = { idle: 250, afterLoad: 500 };
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONNECTIONS = 10;

/** Resident memory of a process, in MB (Linux). */
const rssMB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const server = await startBuiltServer();
const { base } = server;

try {
  // Signed in through the outbox, as a person on embedded defaults would be.
  const cookie = await signInThroughOutbox(server, "memory@bench.local");

  await pause(2000);
  const idle = rssMB(server.pid);
  const pages = ["/", "/login", "/app", "/app/style", "/app/object", "/app/settings"];
  let sent = 0;
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMB(server.pid))), 50);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (sent < REQUESTS) {
        const page = pages[sent++ % pages.length]!;
        const response = await fetch(`${base}${page}`, { headers: page.startsWith("/app") ? { cookie } : {} });
        await response.arrayBuffer();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await pause(2000);
  const after = rssMB(server.pid);
  report(
    "bench/results/memory.json",
    [
      {
        name: "Idle, embedded database",
        measured: Math.round(idle),
        unit: "MB",
        target: BUDGET_MB.idle,
        better: "lower",
      },
      {
        name: `Highest during and after ${REQUESTS} page requests`,
        measured: Math.round(Math.max(peak, after)),
        unit: "MB",
        target: BUDGET_MB.afterLoad,
        better: "lower",
      },
    ],
    {
      peakMB: Math.round(peak),
      afterLoadMB: Math.round(after),
      load: { requests: REQUESTS, connections: CONNECTIONS, pages, requestsPerSecond: Math.round(REQUESTS / seconds) },
    },
  );
} finally {
  await server.stop();
}
