import { distance2, oklab, rgbOf } from "../pixel-art/oklab";
import type { Rgba } from "../pixel-art/detect-grid";
import { periodicNoise } from "./periodic-noise";
import { cutAtQuietestSeam } from "./seam";

/** The materials the preview engine draws as seamless textures; any other words get a textured ground in the style's colours. */
export const tileMaterials = ["grass", "dirt", "stone", "water", "sand", "wood", "brick"] as const;
export type TileMaterial = (typeof tileMaterials)[number];

/** Each material's inks: for brick, the joints' colour then the bricks', darkest first; else its shades, darkest first. */
const shades: Record<TileMaterial, string[]> = {
  grass: ["#2f6b33", "#3f8a3c", "#5aa64b", "#86c96a"],
  dirt: ["#5a3d26", "#6f4b2f", "#8a5f3b", "#a97a4f"],
  stone: ["#3f444d", "#646b77", "#828a96", "#a3aab4"],
  water: ["#1c4a86", "#2a64ad", "#3f84cf", "#8cc4f0"],
  sand: ["#b48e52", "#c8a464", "#dcbc7c", "#ead29a"],
  wood: ["#4e2f1a", "#6b4226", "#8a5a33", "#a8703f"],
  brick: ["#d2c6b4", "#7a3b2e", "#9c4a36", "#b85c42"],
};

/** The material a subject names ("Grass", "mossy stone floor"), if any. */
export function materialOf(subject: string): TileMaterial | null {
  const words = subject.toLowerCase();
  if (/\bbricks?\b|\bwall\b/.test(words)) return "brick";
  if (/\b(wood|wooden|planks?|floorboards?|timber)\b/.test(words)) return "wood";
  if (/\b(water|sea|ocean|lake|river|pond)\b/.test(words)) return "water";
  if (/\b(sand|sandy|desert|beach)\b/.test(words)) return "sand";
  if (/\b(stone|stones|rock|rocky|cobble\w*|pavement|gravel)\b/.test(words)) return "stone";
  if (/\b(dirt|soil|mud|earth|path)\b/.test(words)) return "dirt";
  if (/\b(grass|grassy|lawn|meadow|moss|mossy)\b/.test(words)) return "grass";
  return null;
}

type TextureOptions = { size: number; palette: readonly string[]; seed: number };

/** A seamless tile of a material: its wrapping texture, cut where it is quietest (so joints lie inside the tile). */
export function drawTexture(material: TileMaterial | null, options: TextureOptions): Rgba {
  return cutAtQuietestSeam(drawWrappingTexture(material, options));
}

/**
 * A square texture of `size` pixels that wraps by construction (periodic noise, brick courses and
 * planks that divide the tile, cobbles whose distances wrap): the last column continues into the
 * first. Its shades are the material's, each taken from the style's palette where the palette has
 * a colour close to it.
 */
export function drawWrappingTexture(material: TileMaterial | null, options: TextureOptions): Rgba {
  const { size, seed } = options;
  const inks = (material ? shades[material] : groundShades(options.palette)).map((hex) =>
    fromPalette(hex, options.palette),
  );
  const data = new Uint8Array(size * size * 4);
  const paint = (x: number, y: number, ink: number) => {
    data.set([...inks[Math.max(0, Math.min(inks.length - 1, ink))]!, 255], (y * size + x) * 4);
  };
  const noise = periodicNoise(size, Math.max(2, Math.round(size / 8)), seed);
  const fine = periodicNoise(size, Math.max(4, Math.round(size / 3)), seed + 101, 1);
  const level = (i: number, bands: number) => Math.min(bands - 1, Math.floor(noise[i]! * bands * 1.15 - 0.07 * bands));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      switch (material) {
        case "brick":
          paint(x, y, brickInk(x, y, size, noise[i]!));
          break;
        case "wood":
          paint(x, y, woodInk(x, y, size, noise, fine[i]!));
          break;
        case "stone":
          paint(x, y, stoneInk(x, y, size, seed, fine[i]!));
          break;
        case "water": {
          const wave = Math.sin(2 * Math.PI * ((y / size) * 3 + noise[i]! * 0.9));
          paint(x, y, wave > 0.82 ? 3 : wave > 0.1 ? 2 : wave > -0.6 ? 1 : 0);
          break;
        }
        case "grass":
          // Blades: the fine noise's peaks in the lightest green.
          paint(x, y, fine[i]! > 0.8 ? 3 : level(i, 3));
          break;
        default:
          paint(x, y, fine[i]! > 0.85 ? 3 : fine[i]! < 0.12 ? 0 : level(i, 3));
      }
    }
  }
  return { data, width: size, height: size };
}

/** Running bond: four courses, two bricks a course, every other course shifted by half a brick. */
function brickInk(x: number, y: number, size: number, shade: number): number {
  const course = size / 4;
  const brick = size / 2;
  const mortar = Math.max(1, Math.round(size / 32));
  const row = Math.floor(y / course);
  const along = (x + (row % 2) * (brick / 2)) % brick;
  if (y % course < mortar || along < mortar) return 0;
  return 1 + Math.min(2, Math.floor(shade * 3));
}

/** Four planks with grain along them and a dark joint between. */
function woodInk(x: number, y: number, size: number, noise: Float32Array, fine: number): number {
  const plank = size / 4;
  if (y % plank === 0) return 0;
  // The grain: the noise read four times faster across the planks than along them.
  const grain = noise[((y * 4) % size) * size + x]!;
  return fine > 0.9 ? 1 : grain > 0.62 ? 3 : grain > 0.4 ? 2 : 1;
}

/** Cobbles: the nearest of a few points that wrap around the tile; a dark gap where two are nearly as near. */
function stoneInk(x: number, y: number, size: number, seed: number, fine: number): number {
  const points = cobblePoints(size, seed);
  let [first, second, nearest] = [Infinity, Infinity, 0];
  points.forEach(([px, py], k) => {
    const dx = Math.min(Math.abs(x - px), size - Math.abs(x - px));
    const dy = Math.min(Math.abs(y - py), size - Math.abs(y - py));
    const d = Math.hypot(dx, dy);
    if (d < first) [second, first, nearest] = [first, d, k];
    else if (d < second) second = d;
  });
  if (second - first < Math.max(1, size / 24)) return 0;
  return 1 + ((nearest + (fine > 0.7 ? 1 : 0)) % 3);
}

const cobbles = new Map<string, [number, number][]>();
function cobblePoints(size: number, seed: number): [number, number][] {
  const key = `${size}:${seed}`;
  if (!cobbles.has(key)) {
    const field = periodicNoise(64, 8, seed + 13, 1);
    const count = 6;
    cobbles.set(
      key,
      Array.from({ length: count }, (_, k) => [
        ((k % 3) + 0.25 + field[k * 7]! * 0.5) * (size / 3),
        (Math.floor(k / 3) + 0.25 + field[k * 11 + 3]! * 0.5) * (size / 2),
      ]),
    );
  }
  return cobbles.get(key)!;
}

/** A ground in the style's own colours when the words name no material: its darkest four, darkest first. */
function groundShades(palette: readonly string[]): string[] {
  const colours = palette.length >= 2 ? [...palette] : ["#6b6b6b", "#8a8a8a", "#a8a8a8", "#c8c8c8"];
  const sorted = colours.sort((a, b) => oklab(...rgbOf(a))[0] - oklab(...rgbOf(b))[0]);
  return Array.from({ length: 4 }, (_, i) => sorted[Math.min(sorted.length - 1, i)]!);
}

/** The palette's colour nearest `hex` when one is close enough to pass for it, else `hex` itself. */
function fromPalette(hex: string, palette: readonly string[]): [number, number, number] {
  const target = oklab(...rgbOf(hex));
  let best: string | null = null;
  let bestDistance = 0.09 ** 2;
  for (const colour of palette) {
    const d = distance2(oklab(...rgbOf(colour)), target);
    if (d < bestDistance) [best, bestDistance] = [colour, d];
  }
  return rgbOf(best ?? hex);
}
