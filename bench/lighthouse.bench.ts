// Lighthouse (from the npm registry) in Debian's Chromium against the production build
// (`npm run build` first; `bash scripts/setup-machine.sh` installs Chromium): the landing page,
// and the signed-in /app, an object page and the styles page for an account with 1 style × 8
// objects, signed in by its session cookie. The mobile preset with its simulated slow 4G and
// CPU, five runs each (a run's paint can fall either side of a script's last byte), the median reported.
// BENCH_BEFORE=<directory> (a built checkout, `bench/build-before.sh`) audits that build's pages
// in the same run, each page's runs just before this build's, its medians kept as `before`.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumLaunchOptions } from "../tests/e2e/support/chromium";
import { fillAccount, firstObjectId } from "./accounts";
import { percentile, serverAtRest, signInThroughOutbox, startBuiltServer } from "./support";
import { report, type Target } from "./targets";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const median = (values: number[]) => percentile(values, 50);

type Server = Awaited<ReturnType<typeof startBuiltServer>>;
const servers: Server[] = [];
const chrome = await chromeLauncher.launch({
  chromePath: chromiumLaunchOptions.executablePath,
  chromeFlags: ["--headless=new", ...chromiumLaunchOptions.args],
});

/** Audits that could not measure the page (Lighthouse's own error), with the address: reported, then run again. */
const failedAudits: { address: string; error: string }[] = [];

/**
 * `RUNS` audits of one address, each as a person on a phone would load it. An audit Lighthouse
 * could not finish scores 0 with no paint: it is run again rather than taken into the median
 * (at most `RUNS` times more), and its error kept in the results.
 */
async function audit(server: Server, address: string, extraHeaders?: Record<string, string>) {
  const runs = [];
  for (let attempt = 0; runs.length < RUNS; attempt++) {
    if (attempt >= RUNS * 2) throw new Error(`${address}: Lighthouse could not audit it ${RUNS} times in ${attempt}`);
    const result = await lighthouse(`${server.base}${address}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      ...(extraHeaders ? { extraHeaders } : {}),
    });
    const { categories, audits, runtimeError } = result!.lhr;
    const score = categories.performance!.score;
    if (runtimeError || score === null) {
      const error = runtimeError ? `${runtimeError.code}: ${runtimeError.message}` : "no performance score";
      console.warn(`${address}: ${error}; auditing it again`);
      failedAudits.push({ address, error });
      continue;
    }
    runs.push({
      score,
      lcpMs: Math.round(audits["largest-contentful-paint"]!.numericValue ?? 0),
      fcpMs: Math.round(audits["first-contentful-paint"]!.numericValue ?? 0),
      cls: Number((audits["cumulative-layout-shift"]!.numericValue ?? 0).toFixed(3)),
      tbtMs: Math.round(audits["total-blocking-time"]!.numericValue ?? 0),
      lcpElement: (audits["largest-contentful-paint-element"]?.details as { items?: unknown[] } | undefined)?.items,
      // What moved, when anything did: the element and its share of the shift.
      shifts: (
        audits["layout-shifts"]?.details as { items?: { score?: number; node?: { snippet?: string } }[] } | undefined
      )?.items?.map((item) => ({ score: item.score, element: item.node?.snippet })),
    });
  }
  return runs;
}

type Runs = Awaited<ReturnType<typeof audit>>;

/** A page's figures: its score and paint against targets, the rest reported; the build before's beside them. */
function targetsOf(
  page: string,
  [runs, beforeRuns]: [Runs, Runs?],
  goals: { score: number; lcpMs: number; cls: number | null },
): Target[] {
  const lines: (Omit<Target, "measured"> & { of: (run: Runs[number]) => number })[] = [
    {
      name: `${page}, Lighthouse mobile performance`,
      of: (r) => r.score,
      unit: "",
      target: goals.score,
      better: "higher",
    },
    {
      name: `${page}, largest contentful paint`,
      of: (r) => r.lcpMs,
      unit: "ms",
      target: goals.lcpMs,
      better: "lower",
    },
    {
      name: `${page}, cumulative layout shift`,
      of: (r) => r.cls,
      unit: "",
      target: goals.cls,
      better: "lower",
    },
    {
      name: `${page}, first contentful paint`,
      of: (r) => r.fcpMs,
      unit: "ms",
      target: null,
      better: "lower",
    },
    {
      name: `${page}, total blocking time`,
      of: (r) => r.tbtMs,
      unit: "ms",
      target: null,
      better: "lower",
    },
  ];
  return lines.map(({ of, ...line }) => ({
    ...line,
    measured: median(runs.map(of)),
    ...(beforeRuns ? { before: median(beforeRuns.map(of)) } : {}),
  }));
}

/** The pages audited, each by an account with 1 style × 8 objects signed in by its cookie. */
async function signedInPages(server: Server) {
  const cookie = await signInThroughOutbox(server, "lighthouse@bench.local");
  await fillAccount(server.base, cookie, { styles: 1, objectsPerStyle: 8 });
  return { cookie, object: `/app/object/${await firstObjectId(server.base, cookie)}` };
}

const beforeDirectory = process.env.BENCH_BEFORE;
try {
  // The build before, when asked for, starts and is filled first; each page is audited on it
  // just before this build, so both meet the same hour of this machine.
  if (beforeDirectory) servers.push(await startBuiltServer({}, beforeDirectory));
  servers.push(await startBuiltServer());
  const accounts: Awaited<ReturnType<typeof signedInPages>>[] = [];
  for (const server of servers) accounts.push(await signedInPages(server));
  // The generations' last image copies are made after their jobs finish: audits start after.
  for (const server of servers) await serverAtRest(server.pid);
  /** Each build's runs of one page, this build's first: [now, before?]. */
  const auditBoth = async (address: (i: number) => string, signedIn: boolean): Promise<[Runs, Runs?]> => {
    const runs: Runs[] = [];
    for (const [i, server] of servers.entries())
      runs.push(await audit(server, address(i), signedIn ? { cookie: accounts[i]!.cookie } : undefined));
    return beforeDirectory ? [runs[1]!, runs[0]!] : [runs[0]!];
  };
  const landing = await auditBoth(() => "/", false);
  const create = await auditBoth(() => "/app", true);
  const object = await auditBoth((i) => accounts[i]!.object, true);
  const styles = await auditBoth(() => "/app/style", true);
  report(
    "bench/results/lighthouse.json",
    [
      ...targetsOf("Landing", landing, { score: 0.98, lcpMs: 1800, cls: 0 }),
      ...targetsOf("Signed-in /app, 1 style × 8 objects", create, { score: 0.95, lcpMs: 2500, cls: null }),
      ...targetsOf("Signed-in object page", object, { score: 0.95, lcpMs: 2500, cls: null }),
      ...targetsOf("Signed-in styles page", styles, { score: 0.95, lcpMs: 2500, cls: null }),
    ],
    {
      lighthouse: "13.5.0",
      preset: "mobile (default)",
      runs: { landing: landing[0], create: create[0], object: object[0], styles: styles[0] },
      ...(beforeDirectory
        ? { before: { landing: landing[1], create: create[1], object: object[1], styles: styles[1] } }
        : {}),
      failedAudits,
    },
  );
} finally {
  chrome.kill();
  for (const server of servers) await server.stop();
}
