// The preview engine with the open icon libraries: `npm run bench -- preview-icons`.
//  1. The first drawing in a fresh process, which reads the libraries and builds the name index.
//  2. Time per 1024 × 1024 image at high detail, for common subjects in three styles.
//  3. This process's memory before drawing, at its highest while drawing, and a minute after,
//     against the server's budgets. Only the names are kept; drawings are read from disk.
import { readFileSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createOfflineProvider } from "../server/generation/providers/offline.server";
import type { GenerateRequest } from "../server/generation/providers/provider";
import { percentile } from "./support";
import { report } from "./targets";

const styles = [
  { words: "Flat pastel isometric icons", palette: ["#f6c5d0", "#b8e0d2", "#d6c6f0", "#fbe7a1", "#6c5b7b"] },
  { words: "Chunky game inventory icons with bold outlines", palette: ["#2b2d42", "#8d99ae", "#ef233c", "#edf2f4"] },
  { words: "Minimal line art icons, thin strokes", palette: ["#1d3557", "#457b9d", "#a8dadc"] },
];
const subjects = readFileSync("tests/fixtures/common-subjects.txt", "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"))
  .filter((_, i) => i % 6 === 0);

// A collection on demand, so memory let go is measured as let go.
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
const megabytes = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
const provider = createOfflineProvider();
const draw = (subject: string, style: (typeof styles)[number], seed: number) =>
  provider.generate({
    prompt: `${subject}. ${style.words}. Colour palette: ${style.palette.join(", ")}.`,
    size: "square",
    detail: "high",
    transparent: true,
    references: [],
    seed,
    n: 1,
    palette: style.palette,
  } satisfies GenerateRequest);

collect();
const before = megabytes();
let started = performance.now();
await draw("fox", styles[0]!, 1);
const first = performance.now() - started;

const times: number[] = [];
let peak = megabytes();
for (const style of styles) {
  for (const [i, subject] of subjects.entries()) {
    started = performance.now();
    await draw(subject, style, i);
    times.push(performance.now() - started);
    peak = Math.max(peak, megabytes());
  }
}
// What drawing leaves behind once the process is quiet.
await new Promise((resolve) => setTimeout(resolve, 65_000));
collect();
const after = megabytes();

report(
  "bench/results/preview-icons.json",
  [
    {
      name: "First drawing in a fresh process (index built)",
      measured: Math.round(first),
      unit: "ms",
      target: 2000,
      better: "lower",
    },
    {
      name: "Preview image, 1024 px high detail, median",
      measured: Math.round(percentile(times, 50)),
      unit: "ms",
      target: 300,
      better: "lower",
    },
    {
      name: "Preview image, 1024 px high detail, p95",
      measured: Math.round(percentile(times, 95)),
      unit: "ms",
      target: null,
      better: "lower",
    },
    // Whole-process figures against the server's budgets: this process's own start-up leaves more
    // behind for a while than drawing does, so a difference from "before" says little.
    { name: "Highest while drawing", measured: peak, unit: "MB", target: 500, better: "lower" },
    { name: "A minute after the last drawing", measured: after, unit: "MB", target: 250, better: "lower" },
  ],
  { images: times.length, styles: styles.length, rssBeforeMb: before, rssPeakMb: peak, rssAfterMb: after },
);
