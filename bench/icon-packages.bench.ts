// Icon packaging: `npm run bench -- icon-packages`. 200 icons of the Tabler set (150 stroked line
// icons, 50 filled) made icon-ready on a 24 grid (background gone, fitted to the live area, in
// currentColor and in a palette), then packed as a React package (an npm tarball), Iconify JSON
// and an icon font, as a download of a 200-icon set does, and 150 line icons drawn again as centre
// lines at one stroke width. Each step is timed once after a warm-up run; peak memory is the
// process's resident high-water mark and its rise over the start.
import { createRequire } from "node:module";
import { Writable } from "node:stream";
import { componentName, uniqueIconNames } from "../domain/icon-names";
import type { IconSet } from "../server/icons/icon-set.server";
import { iconSvg } from "../server/icons/icon-svg.server";
import { asLineIcons } from "../server/icons/line-icons.server";
import { buildIconPackage } from "../server/icons/packages/build-package.server";
import { writePackageArchive } from "../server/icons/packages/package-archive.server";
import { mapBounded, TRACE_CONCURRENCY } from "../server/objects/image-svg.server";
import { report } from "./targets";

const require = createRequire(import.meta.url);
const tabler = require("@iconify-json/tabler/icons.json") as { icons: Record<string, { body: string }> };
const all = Object.keys(tabler.icons).sort();
const chosen = [
  ...all.filter((name) => !name.endsWith("-filled")).slice(0, 150),
  ...all.filter((name) => name.endsWith("-filled")).slice(0, 50),
];
const source = (name: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${tabler.icons[name]!.body}</svg>`;
const palette = ["#1b4965", "#5fa8d3"];

const MB = 1024 * 1024;
const peakMB = () => (process.resourceUsage().maxRSS * 1024) / MB;
const startRss = process.memoryUsage().rss / MB;
const meta = { name: "@bench/icons", version: "1.0.0", prefix: "bench", license: "MIT" };

async function iconSet(): Promise<IconSet> {
  const names = uniqueIconNames(chosen);
  const icons = await mapBounded(chosen, TRACE_CONCURRENCY, async (icon, index) => ({
    name: names[index]!,
    component: componentName(names[index]!),
    title: icon,
    svg: await iconSvg(source(icon), { grid: 24, singleColour: true }),
    colourSvg: await iconSvg(source(icon), { grid: 24, singleColour: false, palette }),
    credit: null,
  }));
  return { icons, leftOut: [], grid: 24 };
}

/** Builds and archives one format, counting the bytes it writes. */
async function packed(set: IconSet, format: "react" | "iconify" | "font") {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  await writePackageArchive(await buildIconPackage(set, format, meta), sink);
  return bytes;
}

const time = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { ms: Math.round(performance.now() - started), result };
};

// A warm-up of each step loads its modules (svgo, sharp, the font's WebAssembly) before timing.
const warm = await iconSet();
for (const format of ["react", "iconify", "font"] as const) await packed(warm, format);
const ready = await time(iconSet);
const lines = await time(() =>
  asLineIcons(
    ready.result.icons.slice(0, 150).map((icon) => ({ svg: icon.svg, colour: palette[0]! })),
    24,
  ),
);
const react = await time(() => packed(ready.result, "react"));
const iconify = await time(() => packed(ready.result, "iconify"));
const font = await time(() => packed(ready.result, "font"));
const peak = peakMB();

report(
  "bench/results/icon-packages.json",
  [
    {
      name: "200 icons made icon-ready (both colourings)",
      measured: ready.ms,
      unit: "ms",
      target: 8000,
      better: "lower",
    },
    { name: "150 line icons drawn as centre lines", measured: lines.ms, unit: "ms", target: 5000, better: "lower" },
    {
      name: "React package of 200 icons, built and packed",
      measured: react.ms,
      unit: "ms",
      target: 1000,
      better: "lower",
    },
    {
      name: "Iconify JSON of 200 icons, built and zipped",
      measured: iconify.ms,
      unit: "ms",
      target: 1000,
      better: "lower",
    },
    { name: "Icon font of 200 icons, built and zipped", measured: font.ms, unit: "ms", target: 5000, better: "lower" },
    {
      name: "Icon packaging, peak resident memory",
      measured: Math.round(peak),
      unit: "MB",
      target: 700,
      better: "lower",
    },
    {
      name: "Icon packaging, peak memory over the start",
      measured: Math.round(peak - startRss),
      unit: "MB",
      target: 450,
      better: "lower",
    },
  ],
  { icons: chosen.length, bytes: { react: react.result, iconify: iconify.result, font: font.result } },
);
