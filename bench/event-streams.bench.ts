// Event-stream fan-out benchmark: `npx tsx bench/event-streams.bench.ts` (or `npm run bench`).
// Results go to bench/results/event-streams-<database>.json.
// One account (the crowd) tries to open 1,000 live event streams while another user
// (the bystander) goes about their business. Measured for the bystander: the latency of
// GET /api/users/me, and how long their own live events take to arrive. Phases:
//  1. baseline: nobody else has a stream;
//  2. burst: during the crowd's 1,000 connection attempts;
//  3. idle crowd: the crowd's streams held open, only the bystander's events published (10/s);
//  4. busy crowd: the crowd's own events published (10/s) to all its streams.
// Run twice: with the default caps (10 streams per user, 50 per address), and with the
// caps raised to 1,000 so the crowd really holds 1,000 streams (the fan-out cost itself).
import pLimit from "p-limit";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sessionCookieName } from "../server/auth/session-cookie.server";
import { createSession } from "../server/auth/sessions.server";
import { openDatabase, type DatabaseHandle } from "../server/db/client.server";
import { publishUserEvent } from "../server/events/events.server";
import { startApiServer, type ApiTestServer } from "../tests/support/test-server";
import { makeBenchUser, percentile, runHeader } from "./support";

const CROWD = Number(process.env.BENCH_STREAMS ?? 1000);
const REQUESTS = 150;
const EVENT_EVERY_MS = 100;
// Connection attempts in flight at once: more overflow the listen backlog of one process.
const BURST_CONCURRENCY = 100;
const PHASE_LIMIT_MS = 30_000;

const round = (n: number) => Number(n.toFixed(1));

function summary(values: number[]) {
  return {
    count: values.length,
    p50Ms: round(percentile(values, 50)),
    p95Ms: round(percentile(values, 95)),
    maxMs: round(Math.max(0, ...values)),
  };
}

async function cookieFor(handle: DatabaseHandle, userId: string): Promise<string> {
  await makeBenchUser(handle, userId);
  const sessionId = await createSession({ db: handle.db, userId, ttlMs: 3_600_000 });
  return `${sessionCookieName(false)}=${sessionId}`;
}

interface HeldStream {
  /** When each benchmark event (by its sequence number) arrived. */
  arrivals: Map<number, number>;
  abort(): void;
}

/** Opens a stream and drains it in the background; undefined when refused. */
async function openStream(server: ApiTestServer, cookie: string): Promise<HeldStream | undefined> {
  const controller = new AbortController();
  const response = await server.call("/api/events", { cookie, signal: controller.signal });
  if (response.status !== 200) {
    await response.body?.cancel();
    return undefined;
  }
  const arrivals = new Map<number, number>();
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        for (const match of decoder.decode(value).matchAll(/"seq":(\d+)/g)) {
          arrivals.set(Number(match[1]), performance.now());
        }
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
  return { arrivals, abort: () => controller.abort() };
}

async function timedRequests(server: ApiTestServer, cookie: string, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  // A phase ends after PHASE_LIMIT_MS whatever happens: a server that cannot keep up still gives numbers.
  const deadline = performance.now() + PHASE_LIMIT_MS;
  while (!until() && performance.now() < deadline) {
    const started = performance.now();
    const response = await server.call("/api/users/me", { cookie }).catch(() => undefined);
    await response?.arrayBuffer();
    // A failed request counts as one that never came back within the phase.
    latencies.push(response?.status === 200 ? performance.now() - started : PHASE_LIMIT_MS);
  }
  return latencies;
}

/** Publishes for `userId` every EVENT_EVERY_MS until stopped; notes each publish's time by sequence. */
function publishing(handle: DatabaseHandle, userId: string) {
  const sentAt = new Map<number, number>();
  let seq = 0;
  const timer = setInterval(() => {
    const n = seq++;
    sentAt.set(n, performance.now());
    void publishUserEvent(handle.db, { userId, type: "job", data: { seq: n } });
  }, EVENT_EVERY_MS);
  return { sentAt, stop: () => clearInterval(timer) };
}

async function scenario(caps: { perUser: number; perIp: number }) {
  const handle = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  const server = await startApiServer(handle, {
    EVENT_STREAMS_PER_USER: String(caps.perUser),
    EVENT_STREAMS_PER_IP: String(caps.perIp),
  });
  const held: HeldStream[] = [];
  try {
    const tag = `${caps.perUser}-${Date.now()}`;
    const crowdCookie = await cookieFor(handle, `bench-crowd-${tag}`);
    const bystanderId = `bench-bystander-${tag}`;
    const bystander = await cookieFor(handle, bystanderId);
    let count = 0;
    // Warm up the request path before measuring.
    await timedRequests(server, bystander, () => count++ >= 20);

    count = 0;
    const baseline = await timedRequests(server, bystander, () => count++ >= REQUESTS);

    let burstDone = false;
    const burstStarted = performance.now();
    const limit = pLimit(BURST_CONCURRENCY);
    const attempts = Promise.all(
      Array.from({ length: CROWD }, () => limit(() => openStream(server, crowdCookie).catch(() => undefined))),
    ).then((all) => {
      burstDone = true;
      return all;
    });
    const duringBurst = await timedRequests(server, bystander, () => burstDone);
    const opened = (await attempts).filter((stream): stream is HeldStream => Boolean(stream));
    const burstMs = performance.now() - burstStarted;
    held.push(...opened);

    // The bystander's own stream: how long do their events take to arrive?
    const own = (await openStream(server, bystander))!;
    held.push(own);
    const ownPublisher = publishing(handle, bystanderId);
    count = 0;
    const idleCrowd = await timedRequests(server, bystander, () => count++ >= REQUESTS);
    ownPublisher.stop();
    // Give the last events a moment to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const delivery = [...ownPublisher.sentAt].flatMap(([seq, sentAt]) => {
      const at = own.arrivals.get(seq);
      return at === undefined ? [] : [at - sentAt];
    });

    const crowdPublisher = publishing(handle, `bench-crowd-${tag}`);
    count = 0;
    const busyCrowd = await timedRequests(server, bystander, () => count++ >= REQUESTS);
    crowdPublisher.stop();

    return {
      caps,
      crowdAttempts: CROWD,
      crowdStreamsOpen: opened.length,
      crowdRefused: CROWD - opened.length,
      burstMs: round(burstMs),
      bystanderRequest: {
        baseline: summary(baseline),
        duringBurst: summary(duringBurst),
        idleCrowd: summary(idleCrowd),
        busyCrowd: summary(busyCrowd),
      },
      bystanderEventDelivery: { published: ownPublisher.sentAt.size, ...summary(delivery) },
    };
  } finally {
    held.forEach((stream) => stream.abort());
    await server.close();
    await handle.close();
  }
}

const loadAtStart = os.loadavg()[0]!;
const withDefaultCaps = await scenario({ perUser: 10, perIp: 50 });
console.log(JSON.stringify(withDefaultCaps, null, 2));
const withCapsRaised = await scenario({ perUser: CROWD, perIp: CROWD + 10 });
console.log(JSON.stringify(withCapsRaised, null, 2));
const header = runHeader();
const results = {
  ...header,
  machine: { ...header.machine, loadAverage: [round(loadAtStart), round(os.loadavg()[0]!)] },
  request: "GET /api/users/me by another user, one after another",
  eventsEveryMs: EVENT_EVERY_MS,
  withDefaultCaps,
  withCapsRaised,
};
const name = `event-streams-${results.database}.json`;
mkdirSync(path.join("bench", "results"), { recursive: true });
writeFileSync(path.join("bench", "results", name), `${JSON.stringify(results, null, 2)}\n`);
console.log(`wrote bench/results/${name}`);
