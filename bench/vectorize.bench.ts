// Vectoriser benchmark: `npm run bench`. Results go to bench/results/vectorize.json.
// Each flat fixture (tests/fixtures/matte) drawn at 1024 × 1024 and traced in its look:
// the time to trace, optimise and sanitise, the SVG's size against the PNG's, and how
// close it looks (mean absolute error per channel over the covered pixels).
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { FlatLook } from "../domain/looks";
import { imageToSvg, svgSimilarity } from "../server/generation/pipeline/vectorize.server";
import { percentile } from "./support";

const RUNS = 5;
const CASES: [string, FlatLook][] = [
  ["potion", "icon"],
  ["leaf", "icon"],
  ["soft-blob", "icon"],
  ["line-art", "line"],
  ["pixel-sprite", "pixel"],
];

async function main() {
  const rows = [];
  for (const [name, look] of CASES) {
    const png = await sharp(readFileSync(path.join("tests", "fixtures", "matte", `${name}.svg`)), { density: 288 })
      .png()
      .toBuffer();
    await imageToSvg(png, look); // warm-up
    const times: number[] = [];
    let result;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      result = await imageToSvg(png, look);
      times.push(performance.now() - start);
    }
    const { meanError, similarity } = await svgSimilarity(result!.svg, png);
    const row = {
      fixture: name,
      look,
      medianMs: Math.round(percentile(times, 50)),
      svgBytes: result!.bytes,
      pngBytes: png.length,
      meanError: Number(meanError.toFixed(4)),
      similarity: Number(similarity.toFixed(4)),
    };
    console.log(row);
    rows.push(row);
  }
  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      node: process.version,
      loadAverage: os.loadavg().map((l) => Number(l.toFixed(1))),
    },
    size: 1024,
    runs: RUNS,
    rows,
  };
  writeFileSync(path.join("bench", "results", "vectorize.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log("wrote bench/results/vectorize.json");
}

await main();
