// The signed-in pages' weight against the budgets of the issue "signed-in pages as light as the
// public ones": for an account with 1 style × 8 objects, each page's HTML bytes, the script files
// its first load fetches and their gzipped size, and each page rendered fresh for every request
// (a new `?view=N` each time, as when a person's data changes all through a generation); for
// /app also compressed as a browser asks, fresh and sent again. Starts the production build
// (`npm run build` first). The previous run's figures print beside each.
//
// BENCH_BEFORE=<directory> (a built checkout, `bench/build-before.sh`) measures that build in the
// same run: every figure gets the build before's beside it, its rates are measured in short
// slices taking turns with this build's (this machine's speed drifts within minutes), and each
// page's fresh renders are held to twice the build before's.
import { execFileSync } from "node:child_process";
import autocannon from "autocannon";
import { fillAccount, firstObjectId } from "./accounts";
import { weighScripts } from "./page-scripts";
import { serverAtRest, signInThroughOutbox, startBuiltServer } from "./support";
import { report, type Target } from "./targets";

const HTML_BYTES = 40_000;
const SCRIPT_KB = 150;
const SCRIPT_FILES = 15;
const FRESH_RENDERS_PER_SECOND = 400;
/** Fresh renders against the build before's, measured in turn in the same run. */
const FRESH_RENDERS_TIMES_BEFORE = 2;
/** One slice of a rate measure, per build and round. */
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 3);
/** Rounds of slices per rate measure: each build's requests over all its slices count. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
/** What Chromium and Firefox send. */
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";
const PAGES = ["/app", "/app/style", "Object page"] as const;
type Page = (typeof PAGES)[number];

interface Build {
  server: Awaited<ReturnType<typeof startBuiltServer>>;
  cookie: string;
  paths: Record<Page, string>;
}

async function startBuild(directory?: string): Promise<Build> {
  const server = await startBuiltServer({}, directory);
  const cookie = await signInThroughOutbox(server, "weight@bench.local");
  await fillAccount(server.base, cookie, { styles: 1, objectsPerStyle: 8 });
  const objectId = await firstObjectId(server.base, cookie);
  return {
    server,
    cookie,
    paths: { "/app": "/app", "/app/style": "/app/style", "Object page": `/app/object/${objectId}` },
  };
}

async function weigh(build: Build, page: Page) {
  const response = await fetch(`${build.server.base}${build.paths[page]}`, { headers: { cookie: build.cookie } });
  if (response.status !== 200) throw new Error(`${build.paths[page]} answered ${response.status}, not 200`);
  const html = await response.text();
  return { htmlBytes: Buffer.byteLength(html), ...(await weighScripts(build.server.base, html)) };
}

/**
 * Requests answered for `page` in `seconds`: each rendered fresh (every request asks for a new
 * address, so no kept document answers) or the kept document sent again; `accepted` as a
 * browser's Accept-Encoding, or none.
 */
async function slice(build: Build, page: Page, seconds: number, options: { fresh: boolean; accepted?: string }) {
  const path = build.paths[page];
  let n = 0;
  const result = await autocannon({
    url: `${build.server.base}${path}`,
    connections: 10,
    duration: seconds,
    headers: { cookie: build.cookie, ...(options.accepted ? { "accept-encoding": options.accepted } : {}) },
    requests: [{ setupRequest: (request) => (options.fresh ? { ...request, path: `${path}?view=${n++}` } : request) }],
  });
  if (result.non2xx || result.errors)
    throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { requests: result.requests.total, seconds: result.duration };
}

/**
 * Requests per second for each build, the builds taking turns in short slices: ROUNDS rounds
 * of SLICE_SECONDS each, in one order and then the other (ABBA), after a 2 s warm-up slice of
 * each; a build's figure is its requests over all its slices' time. This machine's speed drifts
 * within minutes (up to twice as fast or slow): slices that alternate this often see the same
 * drift, and the order turning round cancels a steady one.
 */
async function takingTurns(builds: Build[], measure: (build: Build, seconds: number) => ReturnType<typeof slice>) {
  for (const build of builds) await measure(build, 2);
  const totals = builds.map(() => ({ requests: 0, seconds: 0 }));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [...builds.keys()] : [...builds.keys()].reverse();
    for (const i of order) {
      const { requests, seconds } = await measure(builds[i]!, SLICE_SECONDS);
      totals[i]!.requests += requests;
      totals[i]!.seconds += seconds;
    }
  }
  return totals.map(({ requests, seconds }) => Math.round(requests / seconds));
}

/** The commit a checkout holds, named in the results beside the build before's figures. */
const revisionOf = (directory: string) =>
  execFileSync("git", ["-C", directory, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();

const beforeDirectory = process.env.BENCH_BEFORE;
const builds: Build[] = [];
try {
  // The build before starts first, so both accounts are filled before anything is measured.
  if (beforeDirectory) builds.push(await startBuild(beforeDirectory));
  builds.push(await startBuild());
  // The generations' last image copies are made after their jobs finish: measures start after.
  for (const build of builds) await serverAtRest(build.server.pid);
  const now = builds.length - 1;
  const before = beforeDirectory ? 0 : null;
  /** `figures` in build order; the build before's kept beside this build's. */
  const line = (target: Omit<Target, "measured" | "before">, figures: number[]): Target => ({
    ...target,
    measured: figures[now]!,
    ...(before === null ? {} : { before: figures[before]! }),
  });

  const targets: Target[] = [];
  const details: Record<string, unknown> = {};
  for (const page of PAGES) {
    const weights: Awaited<ReturnType<typeof weigh>>[] = [];
    for (const build of builds) weights.push(await weigh(build, page));
    details[page] = weights[now];
    if (before !== null) details[`${page}, the build before`] = weights[before];
    const lineOf = (name: string, unit: string, target: number, pick: (w: (typeof weights)[number]) => number) =>
      line({ name: `${page} ${name}`, unit, target, better: "lower" }, weights.map(pick));
    targets.push(
      lineOf("HTML, 1 style × 8 objects", "B", HTML_BYTES, (w) => w.htmlBytes),
      lineOf("first-load JS, gzipped", "kB", SCRIPT_KB, (w) => w.gzipKB),
      lineOf("first-load JS files", "files", SCRIPT_FILES, (w) => w.files),
    );
  }

  for (const page of PAGES) {
    const fresh = await takingTurns(builds, (build, seconds) => slice(build, page, seconds, { fresh: true }));
    const name = `${page} req/s rendered fresh for each request, 1 style × 8 objects`;
    targets.push(line({ name, unit: "req/s", target: FRESH_RENDERS_PER_SECOND, better: "higher" }, fresh));
    if (before !== null)
      targets.push({
        name: `${page} rendered fresh, times the build before's in the same run`,
        measured: Math.round((fresh[now]! / fresh[before]!) * 100) / 100,
        unit: "×",
        target: FRESH_RENDERS_TIMES_BEFORE,
        better: "higher",
      });
  }

  // As a browser asks (compression welcome): /app fresh, and its kept document sent again.
  for (const [name, fresh] of [
    ["/app req/s rendered fresh, compressed as a browser asks", true],
    ["/app req/s sent again unchanged, compressed as a browser asks", false],
  ] as const) {
    const figures = await takingTurns(builds, (build, seconds) =>
      slice(build, "/app", seconds, { fresh, accepted: BROWSER_ENCODINGS }),
    );
    targets.push(line({ name, unit: "req/s", target: null, better: "higher" }, figures));
  }
  report("bench/results/page-weight.json", targets, {
    pages: details,
    sliceSeconds: SLICE_SECONDS,
    rounds: ROUNDS,
    ...(beforeDirectory ? { before: revisionOf(beforeDirectory) } : {}),
  });
} finally {
  for (const build of builds) await build.server.stop();
}
