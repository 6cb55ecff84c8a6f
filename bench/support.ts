// Shared by the benchmarks: a style to generate in, a funded user, percentiles.
import { spawn } from "node:child_process";
import { mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DatabaseHandle } from "../server/db/client.server";
import { authUsers, workspaceBalances } from "../server/db/schema";
import type { NewStyleInput } from "../server/styles/style-samples.server";
import { freeLoopbackPort } from "../tests/support/free-port";
import { createThrowawayDatabase } from "../tests/support/throwaway-database";
import { webProcessFlags } from "../tests/support/web-process-flags";

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
  await handle.db.insert(workspaceBalances).values({ id, credits: 1_000_000 });
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

/** A fresh database on the BENCH_DATABASE_URL server for one server run, dropped afterwards. */
export const temporaryPostgres = (adminUrl: string) => createThrowawayDatabase(adminUrl, "motif_bench");

/**
 * The production build (`npm run build` first) as `npm start` runs it, on a fresh embedded
 * database in a temporary folder (or, with BENCH_DATABASE_URL, a fresh database on that
 * PostgreSQL server), answering on a free loopback port. `stop()` ends it and removes both.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  /** The checkout whose build runs: this one, or BENCH_BEFORE's (`bench/build-before.sh`). */
  directory = process.cwd(),
): Promise<{
  base: string;
  pid: number;
  dataDir: string;
  stop(): Promise<void>;
}> {
  const port = await freeLoopbackPort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "motif-bench-"));
  const postgres = process.env.BENCH_DATABASE_URL ? await temporaryPostgres(process.env.BENCH_DATABASE_URL) : null;
  const server = spawn(process.execPath, [...webProcessFlags, "server.mjs"], {
    cwd: directory,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // BENCH_SERVER_LOG=path keeps the server's log there (a run that stops short says why).
      LOG_LEVEL: process.env.BENCH_SERVER_LOG ? "info" : "silent",
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...env,
    },
    stdio: process.env.BENCH_SERVER_LOG ? ["ignore", openSync(process.env.BENCH_SERVER_LOG, "a"), "inherit"] : "ignore",
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const stop = async () => {
    server.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
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

/**
 * Signs a new person in on a server started by `startBuiltServer` (no SMTP: the link is read
 * from the outbox folder) and makes their account; resolves to the session cookie.
 */
export async function signInThroughOutbox(server: { base: string; dataDir: string }, email: string): Promise<string> {
  const { base, dataDir } = server;
  const headers = { Origin: base, "Content-Type": "application/json" };
  await fetch(`${base}/api/auth/signin-email`, { method: "POST", headers, body: JSON.stringify({ email }) });
  const outbox = path.join(dataDir, "outbox");
  let token: string | undefined;
  for (let tries = 0; !token; tries++) {
    if (tries > 100) throw new Error(`No sign-in link for ${email} reached the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mails = readdirSync(outbox, { withFileTypes: true }).filter((f) => f.name.endsWith(".html"));
    for (const mail of mails) {
      const html = readFileSync(path.join(outbox, mail.name), "utf8");
      if (html.includes(encodeURIComponent(email)) || html.includes(email)) token = /token=([\w-]+)/.exec(html)?.[1];
    }
  }
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
  return cookie;
}

/** CPU time of a process (user + system, all its threads), in seconds, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command's name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Resolves once the server has done nothing much for a second (under 10 % of a core in each of
 * two half seconds), or after `maxMs`: what a generation leaves to finish (the grids' image
 * copies) would otherwise share this machine's two cores with the browser a bench measures.
 */
export async function serverAtRest(pid: number, maxMs = 60_000): Promise<void> {
  const quietSeconds = 0.05;
  const until = Date.now() + maxMs;
  let quietHalves = 0;
  let before = cpuSeconds(pid);
  while (quietHalves < 2 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuSeconds(pid);
    quietHalves = now - before <= quietSeconds ? quietHalves + 1 : 0;
    before = now;
  }
  if (quietHalves < 2) console.warn(`The server was still busy after ${maxMs / 1000} s; measuring anyway`);
}
