// Icon font packaging: `npm run bench -- icon-font`. 200 icons of the Tabler set on its 24 grid
// (150 line icons, stroked with round caps and joins, and 50 filled ones) made into the font
// files, stylesheet and cheat sheet, as an icon package does. The first build in a process
// loads the WebAssembly (Skia's PathKit, the woff2 encoder); the next three are timed as well
// and their median kept. Peak memory is the process's resident high-water mark, the whole
// process (Node, the loaded modules, the icons) included, and its rise over the start.
import { createRequire } from "node:module";
import { buildIconFont, type FontGlyph } from "../server/icons/font/icon-font.server";
import { report } from "./targets";

const require = createRequire(import.meta.url);
const tabler = require("@iconify-json/tabler/icons.json") as { icons: Record<string, { body: string }> };
const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${body}</svg>`;
const all = Object.keys(tabler.icons).sort();
const filled = all.filter((name) => name.endsWith("-filled")).slice(0, 50);
const line = all.filter((name) => !name.endsWith("-filled")).slice(0, 150);
const glyphs: FontGlyph[] = [...line, ...filled].map((name) => ({ name, svg: svg(tabler.icons[name]!.body) }));

const MB = 1024 * 1024;
/** The process's resident high-water mark (Linux reports maxRSS in KiB). */
const peakMB = () => (process.resourceUsage().maxRSS * 1024) / MB;
const startRss = process.memoryUsage().rss / MB;

const timed = async () => {
  const started = performance.now();
  const font = await buildIconFont({ family: "bench-icons", prefix: "bi", grid: 24, glyphs });
  return { ms: Math.round(performance.now() - started), font };
};
const first = await timed();
const again = [await timed(), await timed(), await timed()].map((run) => run.ms).sort((a, b) => a - b);
const peak = peakMB();
const bytes = Object.fromEntries(Object.entries(first.font.files).map(([file, data]) => [file, data.length]));

report(
  "bench/results/icon-font.json",
  [
    {
      name: "Icon font of 200 icons, first in a process",
      measured: first.ms,
      unit: "ms",
      target: 5000,
      better: "lower",
    },
    {
      name: "Icon font of 200 icons, median of 3 after",
      measured: again[1]!,
      unit: "ms",
      target: 4000,
      better: "lower",
    },
    {
      name: "Icon font of 200 icons, peak resident memory",
      measured: Math.round(peak),
      unit: "MB",
      target: 600,
      better: "lower",
    },
    {
      name: "Icon font of 200 icons, peak memory over the start",
      measured: Math.round(peak - startRss),
      unit: "MB",
      target: 300,
      better: "lower",
    },
  ],
  { icons: { line: line.length, filled: filled.length }, runsMs: again, bytes },
);
