// Animations: `npm run bench -- animation`. The test picture animated as an 8-direction walk of
// 8 frames (posed, aligned to one baseline and centre line, the west side mirrored) and packed
// into its sheet with Aseprite's JSON; three times, median.
import { animateDrawing } from "../server/images/animation/frames.server";
import { sheetPng } from "../server/images/animation/sheet.server";
import { asepriteJson } from "../server/images/animation/sheet-files";
import { benchPainting } from "./painting";

const source = await benchPainting();
const times: number[] = [];
for (let run = 0; run < 3; run++) {
  const started = performance.now();
  const animation = await animateDrawing(source, { action: "walk", frames: 8, directions: 8 });
  await sheetPng(animation);
  asepriteJson({
    name: "bench",
    action: "walk",
    directions: animation.directions,
    frames: 8,
    cell: animation.cell,
    fps: 10,
    loop: true,
    image: "bench.png",
  });
  times.push(performance.now() - started);
}
const { percentile } = await import("./support");
const { report } = await import("./targets");

report("bench/results/animation.json", [
  {
    name: "8 directions × 8 frames aligned and packed with Aseprite JSON, median",
    measured: Math.round(percentile(times, 50)),
    unit: "ms",
    target: 3000,
    better: "lower",
  },
]);
