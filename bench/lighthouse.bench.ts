// Lighthouse (from the npm registry) in Debian's Chromium against the production build
// (`npm run build` first; `bash scripts/setup-machine.sh` installs Chromium): the landing page,
// and the signed-in /app, an object page and the styles page for an account with 1 style × 8
// objects, signed in by its session cookie. The mobile preset with its simulated slow 4G and
// CPU, five runs each (a run's paint can fall either side of a script's last byte), the median reported.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumLaunchOptions } from "../tests/e2e/support/chromium";
import { fillAccount, firstObjectId } from "./accounts";
import { serverAtRest, signInThroughOutbox, startBuiltServer } from "./support";
import { report, type Target } from "./targets";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await startBuiltServer();
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
async function audit(address: string, extraHeaders?: Record<string, string>) {
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

/** A page's figures: its score and paint against targets, the rest reported. */
function targetsOf(page: string, runs: Runs, goals: { score: number; lcpMs: number; cls: number | null }): Target[] {
  return [
    {
      name: `${page}, Lighthouse mobile performance`,
      measured: median(runs.map((r) => r.score)),
      unit: "",
      target: goals.score,
      better: "higher",
    },
    {
      name: `${page}, largest contentful paint`,
      measured: median(runs.map((r) => r.lcpMs)),
      unit: "ms",
      target: goals.lcpMs,
      better: "lower",
    },
    {
      name: `${page}, cumulative layout shift`,
      measured: median(runs.map((r) => r.cls)),
      unit: "",
      target: goals.cls,
      better: "lower",
    },
    {
      name: `${page}, first contentful paint`,
      measured: median(runs.map((r) => r.fcpMs)),
      unit: "ms",
      target: null,
      better: "lower",
    },
    {
      name: `${page}, total blocking time`,
      measured: median(runs.map((r) => r.tbtMs)),
      unit: "ms",
      target: null,
      better: "lower",
    },
  ];
}

try {
  const landing = await audit("/");
  const cookie = await signInThroughOutbox(server, "lighthouse@bench.local");
  await fillAccount(server.base, cookie, { styles: 1, objectsPerStyle: 8 });
  // The generations' last image copies are made after their jobs finish: audits start after.
  await serverAtRest(server.pid);
  const create = await audit("/app", { cookie });
  const object = await audit(`/app/object/${await firstObjectId(server.base, cookie)}`, { cookie });
  const styles = await audit("/app/style", { cookie });
  report(
    "bench/results/lighthouse.json",
    [
      ...targetsOf("Landing", landing, { score: 0.98, lcpMs: 1800, cls: 0 }),
      ...targetsOf("Signed-in /app, 1 style × 8 objects", create, { score: 0.95, lcpMs: 2500, cls: null }),
      ...targetsOf("Signed-in object page", object, { score: 0.95, lcpMs: 2500, cls: null }),
      ...targetsOf("Signed-in styles page", styles, { score: 0.95, lcpMs: 2500, cls: null }),
    ],
    { lighthouse: "13.5.0", preset: "mobile (default)", runs: { landing, create, object, styles }, failedAudits },
  );
} finally {
  chrome.kill();
  await server.stop();
}
