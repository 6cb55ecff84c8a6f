// The server's memory on embedded defaults, idle and after a load run, against its budget.
// Starts the production build (`npm run build` first) on a fresh embedded database, reads
// the process's resident memory from /proc, then sends public and signed-in page requests
// from 10 connections at once. Exits 1 while over budget.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runHeader, startBuiltServer } from "./support";

const BUDGET_MB = { idle: 250, afterLoad: 500 };
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONNECTIONS = 10;

/** Resident memory of a process, in MB (Linux). */
const rssMB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const server = await startBuiltServer();
const { base, dataDir } = server;

try {
  // Signed in through the outbox, as a person on embedded defaults would be.
  const headers = { Origin: base, "Content-Type": "application/json" };
  const email = "memory@bench.local";
  await fetch(`${base}/api/auth/signin-email`, { method: "POST", headers, body: JSON.stringify({ email }) });
  await pause(300);
  const outbox = path.join(dataDir, "outbox");
  const mail = readdirSync(outbox)
    .filter((f) => f.endsWith(".html"))
    .sort()
    .at(-1)!;
  const token = /token=([\w-]+)/.exec(readFileSync(path.join(outbox, mail), "utf8"))![1]!;
  const verified = (await (
    await fetch(`${base}/api/auth/verify`, { method: "POST", headers, body: JSON.stringify({ token, email }) })
  ).json()) as { idToken: string };
  const session = await fetch(`${base}/api/auth/token`, {
    method: "POST",
    headers,
    body: JSON.stringify({ idToken: verified.idToken }),
  });
  const cookie = session.headers.get("set-cookie")!.split(";")[0]!;
  await fetch(`${base}/api/users/new`, { method: "POST", headers: { ...headers, cookie } });

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
  const result = {
    ...runHeader(),
    budgetMB: BUDGET_MB,
    idleMB: Math.round(idle),
    peakMB: Math.round(peak),
    afterLoadMB: Math.round(after),
    load: { requests: REQUESTS, connections: CONNECTIONS, pages, requestsPerSecond: Math.round(REQUESTS / seconds) },
  };
  writeFileSync("bench/results/memory.json", `${JSON.stringify(result, null, 2)}\n`);
  const within = idle <= BUDGET_MB.idle && Math.max(peak, after) <= BUDGET_MB.afterLoad;
  console.log(
    `${within ? "✓" : "✗"} idle ${result.idleMB} MB (budget ${BUDGET_MB.idle}), peak ${result.peakMB} MB and ${result.afterLoadMB} MB after ${REQUESTS} requests (budget ${BUDGET_MB.afterLoad}); ${result.load.requestsPerSecond} req/s`,
  );
  if (!within) process.exitCode = 1;
} finally {
  await server.stop();
}
