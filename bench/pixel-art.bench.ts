// Pixel art: `npm run bench -- pixel-art`. A 1024 × 1024 RGBA painting (a gradient shape with soft,
// anti-aliased edges, drawn from SVG) converted to 32-px pixel art, five times per palette kind:
// PICO-8 (a fixed palette: nearest colour per cell) and the image's own 16 colours (chosen by
// k-means); and the grid of a 1024-px enlargement of 64-px art measured. Median times.
import { detectGrid } from "../server/images/pixel-art/detect-grid";
import { pixelate } from "../server/images/pixel-art/pixelate.server";
import { benchPainting } from "./painting";
import { looksPixelated, pixelArtOnGrid } from "../tests/support/pixel-fixtures";

const painting = await benchPainting();
const enlarged = { data: await looksPixelated(pixelArtOnGrid(64, 12, 64), 64, 1024, 4, 64), width: 1024, height: 1024 };

async function median(runs: number, work: () => Promise<unknown> | unknown) {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return Math.round(times.sort((a, b) => a - b)[Math.floor(runs / 2)]!);
}

const base = { grid: 32, colours: 16, outline: true, stylePalette: [] } as const;
const pico8 = await median(5, () => pixelate(painting, { ...base, palette: "pico-8" }));
const ownColours = await median(5, () => pixelate(painting, { ...base, palette: "image" }));
let found: number | null = null;
const detect = await median(5, () => (found = detectGrid(enlarged, { min: 16, max: 128 })));
const { report } = await import("./targets");

report(
  "bench/results/pixel-art.json",
  [
    {
      name: "Pixel art of 1024² RGBA, 32 px, PICO-8, median",
      measured: pico8,
      unit: "ms",
      target: 300,
      better: "lower",
    },
    {
      name: "Pixel art of 1024² RGBA, 32 px, its own 16 colours, median",
      measured: ownColours,
      unit: "ms",
      target: 300,
      better: "lower",
    },
    {
      name: "Grid measured in a 1024² enlargement, median",
      measured: detect,
      unit: "ms",
      target: 300,
      better: "lower",
    },
  ],
  { gridFound: found },
);
