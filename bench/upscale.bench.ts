// The basic upscale (no AI): `npm run bench -- upscale`. A 1024 × 1024 RGBA image (a transparent
// icon with soft, anti-aliased edges and a gradient, drawn from SVG) made four times as large,
// three times; the median time and this process's highest resident memory (it does nothing else:
// the reporting modules, which load the benchmarks' server helpers, are loaded after).
import sharp from "sharp";
import { basicUpscale } from "../server/images/basic-upscale.server";

const source = await sharp(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">
      <defs><radialGradient id="g" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fbe7a1"/><stop offset="1" stop-color="#6c5b7b"/></radialGradient></defs>
      <ellipse cx="512" cy="900" rx="330" ry="50" fill="#2b2d42" fill-opacity="0.2"/>
      <path d="M512 120 L820 420 L700 860 L324 860 L204 420 Z" fill="url(#g)" stroke="#2b2d42" stroke-width="24" stroke-linejoin="round"/>
      <circle cx="430" cy="430" r="60" fill="#ffffff" fill-opacity="0.6"/>
    </svg>`,
  ),
)
  .png()
  .toBuffer();
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
