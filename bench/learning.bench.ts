// Learned styles and outpaint: `npm run bench -- learning`. A 50-picture training dataset (1024²
// PNGs beside their captions) zipped as trainers read it; three times, median. Then a 1024² image
// extended by half its width on the right (the canvas, its mask and what is sent) and the model's
// answer brought back with the original's pixels put back exactly; five times, median.
import { datasetZip } from "../server/learning/dataset.server";
import { extendCanvas, keepOriginal } from "../server/images/outpaint.server";
import { benchPainting } from "./painting";

async function median(runs: number, work: () => Promise<unknown>) {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return Math.round(times.sort((a, b) => a - b)[Math.floor(runs / 2)]!);
}

const picture = await benchPainting();
const entries = Array.from({ length: 50 }, (_, i) => ({
  data: picture,
  caption: `crate ${i + 1}, in the style of mtfamber`,
}));
let zipped = 0;
const dataset = await median(3, async () => {
  zipped = (await datasetZip(entries)).length;
});
const extended = await extendCanvas(picture, { left: 0, right: 0.5, top: 0, bottom: 0 });
const outpaint = await median(5, async () => {
  const canvas = await extendCanvas(picture, { left: 0, right: 0.5, top: 0, bottom: 0 });
  await keepOriginal(picture, canvas.canvas, canvas);
});
const { report } = await import("./targets");

report("bench/results/learning.json", [
  {
    name: `A 50-picture training dataset of 1024² PNGs zipped with captions (${Math.round(zipped / 1024 / 1024)} MB), median`,
    measured: dataset,
    unit: "ms",
    target: 3000,
    better: "lower",
  },
  {
    name: `A 1024² image extended by half on the right (${extended.width} × ${extended.height}): canvas, mask and the original put back, median`,
    measured: outpaint,
    unit: "ms",
    target: 1000,
    better: "lower",
  },
]);
