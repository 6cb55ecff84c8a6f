// The basic upscale (no AI): `npm run bench -- upscale`. A 1024 × 1024 RGBA image (a transparent
// icon with soft, anti-aliased edges and a gradient, drawn from SVG) made four times as large,
// three times; the median time and this process's highest resident memory (it does nothing else:
// the reporting modules, which load the benchmarks' server helpers, are loaded after).
import { basicUpscale } from "../server/images/basic-upscale.server";
import { benchPainting } from "./painting";

const source = await benchPainting();
const startMB = process.resourceUsage().maxRSS / 1024;

const times: number[] = [];
let size = { width: 0, height: 0 };
for (let run = 0; run < 3; run++) {
  const started = performance.now();
  const result = await basicUpscale(source, 4);
  times.push(performance.now() - started);
  size = { width: result.width, height: result.height };
}
const peakMB = process.resourceUsage().maxRSS / 1024;
const { percentile } = await import("./support");
const { report } = await import("./targets");

report(
  "bench/results/upscale.json",
  [
    {
      name: "Basic upscale ×4 of 1024² RGBA, median",
      measured: Math.round(percentile(times, 50)),
      unit: "ms",
      target: 2000,
      better: "lower",
    },
    {
      name: "Highest resident memory while upscaling",
      measured: Math.round(peakMB),
      unit: "MB",
      target: 300,
      better: "lower",
    },
  ],
  { output: size, runsMs: times.map(Math.round), residentBeforeMB: Math.round(startMB) },
);
