// Lighthouse (from the npm registry) in Debian's Chromium against the production build's
// landing page (`npm run build` first; `bash scripts/setup-machine.sh` installs Chromium):
// the mobile preset with its simulated slow 4G and CPU, three runs, the median reported.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumLaunchOptions } from "../tests/e2e/support/chromium";
import { startBuiltServer } from "./support";
import { report } from "./targets";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await startBuiltServer();
const chrome = await chromeLauncher.launch({
  chromePath: chromiumLaunchOptions.executablePath,
  chromeFlags: ["--headless=new", ...chromiumLaunchOptions.args],
});
try {
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouse(`${server.base}/`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    const { categories, audits } = result!.lhr;
    runs.push({
      score: categories.performance!.score ?? 0,
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
  report(
    "bench/results/lighthouse.json",
    [
      {
        name: "Landing, Lighthouse mobile performance",
        measured: median(runs.map((r) => r.score)),
        unit: "",
        target: 0.98,
        better: "higher",
      },
      {
        name: "Landing, largest contentful paint",
        measured: median(runs.map((r) => r.lcpMs)),
        unit: "ms",
        target: 1800,
        better: "lower",
      },
      {
        name: "Landing, cumulative layout shift",
        measured: median(runs.map((r) => r.cls)),
        unit: "",
        target: 0,
        better: "lower",
      },
      {
        name: "Landing, first contentful paint",
        measured: median(runs.map((r) => r.fcpMs)),
        unit: "ms",
        target: null,
        better: "lower",
      },
      {
        name: "Landing, total blocking time",
        measured: median(runs.map((r) => r.tbtMs)),
        unit: "ms",
        target: null,
        better: "lower",
      },
    ],
    { lighthouse: "13.5.0", preset: "mobile (default)", runs },
  );
} finally {
  chrome.kill();
  await server.stop();
}
