// The server's memory, idle, under page and API traffic, and a minute after, against its budget.
// Starts the production build (`npm run build` first) on a fresh embedded database (or, with
// BENCH_DATABASE_URL, a fresh PostgreSQL database), reads the process's resident memory from
// /proc, then sends page requests, has the preview engine draw sets in three styles (the open
// icon libraries loaded), renders every signed-in page fresh for accounts with 8 and 200 objects,
// and sends a mix of refused API requests from 10 connections at once.
// Exits 1 while over budget.
import { readFileSync } from "node:fs";
import { fillAccount, signedInPages } from "./accounts";
import { renderFresh } from "./fresh-pages";
import { signInThroughOutbox, startBuiltServer } from "./support";
import { report } from "./targets";

const BUDGET_MB = { idle: 250, highest: 500, settledAboveIdle: 100 };
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const API_REQUESTS = Number(process.env.BENCH_API_REQUESTS ?? 3000);
/** Every signed-in page, each request a new address, for accounts with 8 and 200 objects. */
const FRESH_REQUESTS = Number(process.env.BENCH_FRESH_REQUESTS ?? 3000);
/** How long after the load "settled" is read. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_SECONDS ?? 60) * 1000;
const CONNECTIONS = 10;
const MB = 1024 * 1024;

/** Resident memory of a process, in MB (Linux). */
const statusMB = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
const rssMB = (pid: number) => statusMB(pid, "VmRSS");
/** The server's JavaScript heap in use and its memory outside the heap (buffers), in MB, from /metrics. */
async function heapMB(base: string): Promise<{ heapUsed: number; external: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? NaN) / MB);
  return { heapUsed: read("motif_nodejs_heap_size_used_bytes"), external: read("motif_nodejs_external_memory_bytes") };
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A deterministic stream of numbers, so every run sends the same fuzz. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

/** A JSON value of random shape: what a careless or hostile client might send instead of a body. */
function fuzzValue(next: () => number, depth = 0): unknown {
  const pick = Math.floor(next() * (depth > 2 ? 5 : 7));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return Math.floor(next() * 2 ** 40) * (next() < 0.5 ? -1 : 1);
    case 2:
      return "x".repeat(Math.floor(next() * 4000));
    case 3:
      return next() < 0.5;
    case 4:
      return "\u0000\u202e<script>".repeat(Math.floor(next() * 20));
    case 5:
      return Array.from({ length: Math.floor(next() * 8) }, () => fuzzValue(next, depth + 1));
    default:
      return Object.fromEntries(
        ["name", "description", "email", "styleId", "subjects", "size", "detail", "label", "packId", "__proto__"]
          .filter(() => next() < 0.5)
          .map((key) => [key, fuzzValue(next, depth + 1)]),
      );
  }
}

const JSON_ROUTES = [
  "/api/styles",
  "/api/objects",
  "/api/auth/signin-email",
  "/api/auth/verify",
  "/api/auth/token",
  "/api/keys",
  "/api/credits/checkout",
];

const PREVIEW_LOOKS = [
  "Flat pastel isometric icons",
  "Chunky game inventory icons with bold outlines",
  "Minimal line art icons, thin strokes",
];
const PREVIEW_SUBJECTS = readFileSync("tests/fixtures/common-subjects.txt", "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"))
  .filter((_, i) => i % 8 === 0);

/** Waits for a job the server's worker runs; throws unless it succeeds. */
async function finished(cookie: string, jobId: string) {
  for (;;) {
    const response = await fetch(`${base}/api/jobs/${jobId}`, { headers: { cookie } });
    const { job } = (await response.json()) as { job: { status: string; error: string | null } };
    if (job.status === "succeeded") return;
    if (job.status === "failed" || job.status === "canceled")
      throw new Error(`Job ${jobId} ${job.status}: ${job.error}`);
    await pause(100);
  }
}

/** A style in each look and a set of common subjects in it, made as a person would; the images drawn. */
async function drawPreviews(cookie: string): Promise<number> {
  const headers = { cookie, Origin: base };
  let images = 0;
  for (const description of PREVIEW_LOOKS) {
    const form = new FormData();
    form.set("name", description);
    form.set("description", description);
    form.set("defaultDetail", "high");
    const made = await fetch(`${base}/api/styles`, { method: "POST", body: form, headers });
    if (made.status !== 201) throw new Error(`POST /api/styles answered ${made.status}: ${await made.text()}`);
    const { style, job } = (await made.json()) as { style: { id: string }; job: { id: string; total: number } };
    await finished(cookie, job.id);
    const set = await fetch(`${base}/api/objects`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({
        styleId: style.id,
        subjects: PREVIEW_SUBJECTS,
        size: "square",
        detail: "high",
        transparent: true,
      }),
    });
    if (set.status !== 202) throw new Error(`POST /api/objects answered ${set.status}: ${await set.text()}`);
    await finished(cookie, ((await set.json()) as { job: { id: string } }).job.id);
    images += 4 + PREVIEW_SUBJECTS.length;
  }
  return images;
}

const server = await startBuiltServer({
  SIGNIN_LIMIT_PER_IP: "1000000",
  SIGNIN_LIMIT_PER_EMAIL: "1000000",
});
const { base, pid } = server;
let sampler: NodeJS.Timeout | undefined;

try {
  // Signed in through the outbox, as a person on embedded defaults would be.
  const cookie = await signInThroughOutbox(server, "memory@bench.local");

  await pause(2000);
  const idle = rssMB(pid);
  const idleHeap = await heapMB(base);
  const idleFile = statusMB(pid, "RssFile");
  let peak = idle;
  sampler = setInterval(() => (peak = Math.max(peak, rssMB(pid))), 50);

  // Pages, public and signed in.
  const pages = ["/", "/login", "/app", "/app/style", "/app/object", "/app/settings"];
  let sent = 0;
  let started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (sent < REQUESTS) {
        const page = pages[sent++ % pages.length]!;
        const response = await fetch(`${base}${page}`, { headers: page.startsWith("/app") ? { cookie } : {} });
        await response.arrayBuffer();
      }
    }),
  );
  const pageSeconds = (performance.now() - started) / 1000;
  await pause(2000);
  const afterPages = rssMB(pid);
  const peakPages = peak;

  // Previews: sets of common subjects in three looks, drawn by the server's own worker, so the
  // three icon libraries are loaded at once. Each phase's highest is its own.
  peak = rssMB(pid);
  const previewsStarted = performance.now();
  const previews = await drawPreviews(cookie);
  const previewSeconds = (performance.now() - previewsStarted) / 1000;
  await pause(2000);
  const afterPreviews = rssMB(pid);
  const peakPreviews = peak;

  // Every signed-in page rendered fresh (a new `?view=N` each time) for two accounts: the
  // operator's with 1 style × 8 objects (the console's pages too) and one with 10 styles × 200.
  // Their content is drawn first; the phase's highest is read from the first page on.
  await fillAccount(base, cookie, { styles: 1, objectsPerStyle: 8 });
  const largeCookie = await signInThroughOutbox(server, "memory-large@bench.local");
  await fillAccount(base, largeCookie, { styles: 10, objectsPerStyle: 20 });
  const visitors = [
    { cookie, pages: await signedInPages(base, cookie, { operator: true }) },
    { cookie: largeCookie, pages: await signedInPages(base, largeCookie, { operator: false }) },
  ];
  peak = rssMB(pid);
  const fresh = await renderFresh(base, visitors, { requests: FRESH_REQUESTS, connections: CONNECTIONS });
  await pause(2000);
  const afterFresh = rssMB(pid);
  const afterFreshHeap = await heapMB(base);
  const peakFresh = peak;

  // The API mix: malformed and fuzzed JSON, oversized bodies, refused uploads, sign-in
  // requests and event streams opened and closed.
  peak = rssMB(pid);
  const next = random(42);
  const json = { Origin: base, "Content-Type": "application/json", cookie };
  const oversizedFile = new Blob([Buffer.alloc(12 * MB, 0x5a)], { type: "image/png" });
  const notAnImage = new Blob([Buffer.alloc(256 * 1024, 0x41)], { type: "image/png" });
  const statuses = new Map<string, number>();
  const count = (kind: string, status: number | string) =>
    statuses.set(`${kind} ${status}`, (statuses.get(`${kind} ${status}`) ?? 0) + 1);
  const styleUpload = (file: Blob) => {
    const form = new FormData();
    form.set("name", "Bench");
    form.set("description", "Flat icons");
    form.set("defaultDetail", "draft");
    form.set("references", file, "reference.png");
    return fetch(`${base}/api/styles`, { method: "POST", headers: { Origin: base, cookie }, body: form });
  };
  const kinds: [string, () => Promise<Response>][] = [
    [
      "malformed JSON",
      () =>
        fetch(`${base}${JSON_ROUTES[Math.floor(next() * JSON_ROUTES.length)]}`, {
          method: "POST",
          headers: json,
          body: `{"name": "unterminated ${"y".repeat(Math.floor(next() * 2000))}`,
        }),
    ],
    [
      "fuzzed body",
      () =>
        fetch(`${base}${JSON_ROUTES[Math.floor(next() * JSON_ROUTES.length)]}`, {
          method: "POST",
          headers: json,
          body: JSON.stringify(fuzzValue(next)),
        }),
    ],
    [
      "JSON over the limit",
      () => fetch(`${base}/api/objects`, { method: "POST", headers: json, body: `"${"z".repeat(64 * 1024)}"` }),
    ],
    [
      "sign-in",
      () =>
        fetch(`${base}/api/auth/signin-email`, {
          method: "POST",
          headers: { Origin: base, "Content-Type": "application/json" },
          body: JSON.stringify({ email: `visitor${Math.floor(next() * 1e9)}@bench.local` }),
        }),
    ],
    [
      "event stream",
      async () => {
        const abort = new AbortController();
        const response = await fetch(`${base}/api/events`, { headers: { cookie }, signal: abort.signal });
        if (response.ok) await response.body!.getReader().read();
        abort.abort();
        return response;
      },
    ],
    ["upload, not an image", () => styleUpload(notAnImage)],
  ];
  let apiSent = 0;
  started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (apiSent < API_REQUESTS) {
        const n = apiSent++;
        // One in fifty is an upload over the size limit (12 MB against 10): few, they are heavy to send.
        const [kind, send] = n % 50 === 49 ? ["upload, too large", () => styleUpload(oversizedFile)] : kinds[n % 6]!;
        try {
          const response = await send();
          await response.arrayBuffer().catch(() => undefined);
          count(kind, response.status);
        } catch {
          count(kind, "cut off");
        }
      }
    }),
  );
  const apiSeconds = (performance.now() - started) / 1000;
  const peakApi = peak;
  await pause(2000);
  const afterApi = rssMB(pid);
  clearInterval(sampler);
  await pause(Math.max(0, SETTLE_MS - 2000));
  const settled = rssMB(pid);
  const settledHeap = await heapMB(base);
  const settledFile = statusMB(pid, "RssFile");
  const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded database";

  report(
    process.env.BENCH_DATABASE_URL ? "bench/results/memory-postgres.json" : "bench/results/memory.json",
    [
      { name: `Idle, ${database}`, measured: Math.round(idle), unit: "MB", target: BUDGET_MB.idle, better: "lower" },
      {
        name: `Highest during and after ${REQUESTS} page requests`,
        measured: Math.round(Math.max(peakPages, afterPages)),
        unit: "MB",
        target: BUDGET_MB.highest,
        better: "lower",
      },
      {
        name: `Highest while the preview engine draws ${previews} images from the icon libraries`,
        measured: Math.round(Math.max(peakPreviews, afterPreviews)),
        unit: "MB",
        target: BUDGET_MB.highest,
        better: "lower",
      },
      {
        name: `Highest during and after ${FRESH_REQUESTS} fresh renders of ${fresh.pages} signed-in pages, 8 and 200 objects`,
        measured: Math.round(Math.max(peakFresh, afterFresh)),
        unit: "MB",
        target: BUDGET_MB.highest,
        better: "lower",
      },
      {
        name: `Highest during and after ${API_REQUESTS} API requests`,
        measured: Math.round(Math.max(peakApi, afterApi)),
        unit: "MB",
        target: BUDGET_MB.highest,
        better: "lower",
      },
      {
        name: `${Math.round(SETTLE_MS / 1000)} s after the load, above idle`,
        measured: Math.round(settled - idle),
        unit: "MB",
        target: BUDGET_MB.settledAboveIdle,
        better: "lower",
      },
    ],
    {
      idleMB: Math.round(idle),
      peakPagesMB: Math.round(peakPages),
      afterPagesMB: Math.round(afterPages),
      peakPreviewsMB: Math.round(peakPreviews),
      afterPreviewsMB: Math.round(afterPreviews),
      peakFreshMB: Math.round(peakFresh),
      afterFreshMB: Math.round(afterFresh),
      peakApiMB: Math.round(peakApi),
      afterApiMB: Math.round(afterApi),
      settledMB: Math.round(settled),
      // Of the resident memory, pages of files: the program's and its libraries' code as far as
      // it has run (drawing images runs libvips' and librsvg's); the system can drop and reread them.
      // Of it, the JavaScript heap in use and memory outside it, idle, after the fresh renders and settled.
      heapMB: { idle: idleHeap, afterFresh: afterFreshHeap, settled: settledHeap },
      idleFileMB: Math.round(idleFile),
      settledFileMB: Math.round(settledFile),
      load: {
        pages: {
          requests: REQUESTS,
          connections: CONNECTIONS,
          pages,
          requestsPerSecond: Math.round(REQUESTS / pageSeconds),
        },
        previews: { images: previews, seconds: Math.round(previewSeconds) },
        freshRenders: {
          requests: FRESH_REQUESTS,
          connections: CONNECTIONS,
          pages: visitors.flatMap((visitor) => visitor.pages.map((page) => page.replace(/[\w-]{20,}/, ":id"))),
          requestsPerSecond: fresh.requestsPerSecond,
        },
        api: {
          requests: API_REQUESTS,
          connections: CONNECTIONS,
          requestsPerSecond: Math.round(API_REQUESTS / apiSeconds),
          answers: Object.fromEntries([...statuses].sort()),
        },
      },
    },
  );
} finally {
  clearInterval(sampler);
  await server.stop();
}
