// Sprite-sheet packing: `npm run bench -- sprite-sheet`. 50 transparent 1024 × 1024 pictures
// (discs and rounded shapes of different sizes, drawn from SVG) scaled to 128 px frames, trimmed,
// packed with 2 px padding into one PNG with its atlas; the median of three runs.
import sharp from "sharp";
import { packSpriteSheet } from "../server/objects/sprite-sheet.server";
import { percentile } from "./support";
import { report } from "./targets";

const COUNT = 50;
const pictures = await Promise.all(
  Array.from({ length: COUNT }, async (_, i) => ({
    name: `object-${i + 1}`,
    file: await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><rect x="${200 + (i % 7) * 20}" y="${180 + (i % 5) * 30}" width="${420 + (i % 9) * 30}" height="${520 - (i % 6) * 40}" rx="80" fill="hsl(${(i * 37) % 360} 60% 55%)" stroke="#222" stroke-width="24"/></svg>`,
      ),
    )
      .png()
      .toBuffer(),
  })),
);

const times: number[] = [];
let size = { w: 0, h: 0 };
for (let run = 0; run < 3; run++) {
  const started = performance.now();
  const { atlas } = await packSpriteSheet(pictures, {
    frameSize: 128,
    padding: 2,
    trim: true,
    imageName: "sprites.png",
  });
  times.push(performance.now() - started);
  size = atlas.meta.size;
}

report(
  "bench/results/sprite-sheet.json",
  [
    {
      name: `Sprite sheet of ${COUNT} images (1024 px → 128 px frames, trimmed), median`,
      measured: Math.round(percentile(times, 50)),
      unit: "ms",
      target: null,
      better: "lower",
    },
  ],
  { sheet: size, runsMs: times.map(Math.round) },
);
