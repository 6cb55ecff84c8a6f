// Tiles: `npm run bench -- tiles`. Two 32-px seamless textures drawn (grass and dirt) and the
// 47-tile blob set composed from them, with its Tiled and Godot files; five times, median. Then a
// model's 1024² picture made into a wrapping texture (repaired at the seam, cut where quietest);
// three times, median.
import { autotileAtlas, composeAutotiles } from "../server/images/tiles/autotile";
import { godotTileset } from "../server/images/tiles/godot-tileset";
import { drawTexture } from "../server/images/tiles/textures";
import { tiledTileset } from "../server/images/tiles/tiled-files";
import { madeToWrap } from "../server/images/tiles/wrap.server";

const names = {
  upper: { name: "Grass", colour: "#5aa64b" },
  lower: { name: "Dirt", colour: "#8a5f3b" },
  base: "grass-over-dirt",
};

function median(runs: number, work: () => void) {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return Number(times.sort((a, b) => a - b)[Math.floor(runs / 2)]!.toFixed(1));
}

const textures = median(5, () => {
  drawTexture("grass", { size: 32, palette: [], seed: 1 });
  drawTexture("dirt", { size: 32, palette: [], seed: 2 });
});
const grass = drawTexture("grass", { size: 32, palette: [], seed: 1 });
const dirt = drawTexture("dirt", { size: 32, palette: [], seed: 2 });
const blob = median(5, () => {
  const set = composeAutotiles("blob", grass, dirt, 5);
  tiledTileset(set, names);
  godotTileset(autotileAtlas("blob", 32), names);
});
const { benchPainting } = await import("./painting");
const picture = await benchPainting();
const wrapTimes: number[] = [];
for (let run = 0; run < 3; run++) {
  const started = performance.now();
  await madeToWrap(picture, 1024);
  wrapTimes.push(performance.now() - started);
}
const wrapped = Math.round(wrapTimes.sort((a, b) => a - b)[1]!);
const { report } = await import("./targets");

report("bench/results/tiles.json", [
  { name: "Two 32-px seamless textures drawn, median", measured: textures, unit: "ms", target: 100, better: "lower" },
  {
    name: "47-tile blob set at 32 px with its Tiled and Godot files, median",
    measured: blob,
    unit: "ms",
    target: 300,
    better: "lower",
  },
  {
    name: "A model's 1024² picture made into a wrapping texture, median",
    measured: wrapped,
    unit: "ms",
    target: 1500,
    better: "lower",
  },
]);
