// Animations: `npm run bench -- animation`. The test picture animated as an 8-direction walk of
// 8 frames (posed, aligned to one baseline and centre line, the west side mirrored) and packed
// into its sheet with Aseprite's JSON; then 8 frames × 5 directions as a model draws them (1024²
// PNGs, the figure anywhere on each) aligned into an 8-direction sheet, the west mirrored; three
// times each, median.
import sharp from "sharp";
import { alignDrawnFrames, animateDrawing } from "../server/images/animation/frames.server";
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
// As a model draws frames: each a 1024² PNG, the figure at its own place and size on a clear ground.
const figure = await sharp(source).resize(560).png().toBuffer();
const drawn = await Promise.all(
  Array.from({ length: 5 }, (_, row) =>
    Promise.all(
      Array.from({ length: 8 }, (_, frame) =>
        sharp({ create: { width: 1024, height: 1024, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
          .composite([{ input: figure, left: 60 + frame * 40, top: 80 + row * 60 }])
          .png()
          .toBuffer(),
      ),
    ),
  ),
);
const drawnTimes: number[] = [];
for (let run = 0; run < 3; run++) {
  const started = performance.now();
  await sheetPng(await alignDrawnFrames(drawn, { directions: 8, mirror: true, colours: 32 }));
  drawnTimes.push(performance.now() - started);
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
  {
    name: "40 frames a model drew (1024² PNGs) aligned, mirrored to 8 directions, one 32-colour palette, packed, median",
    measured: Math.round(percentile(drawnTimes, 50)),
    unit: "ms",
    target: 5000,
    better: "lower",
  },
]);
