import type { Rgba } from "../pixel-art/detect-grid";
import { periodicNoise } from "./periodic-noise";

/**
 * "corners": the 16-tile corner (Wang) set, each corner of a tile upper or lower terrain.
 * "blob": the 47-tile blob set of the upper terrain, each tile's sides and corners joined to a
 * neighbour or not (a corner only where both its sides are), plus one tile of the lower terrain.
 */
export const autotileKinds = ["corners", "blob"] as const;
export type AutotileKind = (typeof autotileKinds)[number];

/** Around a tile, clockwise from the top, as Tiled lists a Wang ID. */
export const around = ["top", "topRight", "right", "bottomRight", "bottom", "bottomLeft", "left", "topLeft"] as const;
export type Around = (typeof around)[number];

export interface AutotileTile {
  id: number;
  column: number;
  row: number;
  /** Whether the tile's middle is the upper terrain. */
  centre: boolean;
  /** The upper terrain (true) or the lower (false) at each side and corner; sides are null in a corner set. */
  at: Record<Around, boolean | null>;
}

export interface AutotileSet {
  kind: AutotileKind;
  tileSize: number;
  columns: number;
  rows: number;
  tiles: AutotileTile[];
  image: Rgba;
}

/** The tiles of a set, in atlas order, with what lies at each of their sides and corners. */
export function autotileLayout(kind: AutotileKind): Omit<AutotileTile, "id" | "column" | "row">[] {
  if (kind === "corners") {
    return Array.from({ length: 16 }, (_, k) => {
      const [topLeft, topRight, bottomRight, bottomLeft] = [8, 4, 2, 1].map((bit) => (k & bit) !== 0) as [
        boolean,
        boolean,
        boolean,
        boolean,
      ];
      return {
        centre: [topLeft, topRight, bottomRight, bottomLeft].filter(Boolean).length >= 2,
        at: { top: null, topRight, right: null, bottomRight, bottom: null, bottomLeft, left: null, topLeft },
      };
    });
  }
  const tiles: Omit<AutotileTile, "id" | "column" | "row">[] = [];
  for (let mask = 0; mask < 256; mask++) {
    const at = Object.fromEntries(around.map((name, i) => [name, (mask & (1 << i)) !== 0])) as Record<Around, boolean>;
    // A corner joins only where both its sides do: the 47 masks that differ in what they show.
    const canonical =
      (!at.topRight || (at.top && at.right)) &&
      (!at.bottomRight || (at.bottom && at.right)) &&
      (!at.bottomLeft || (at.bottom && at.left)) &&
      (!at.topLeft || (at.top && at.left));
    if (canonical) tiles.push({ centre: true, at });
  }
  tiles.push({ centre: false, at: Object.fromEntries(around.map((name) => [name, false])) as Record<Around, boolean> });
  return tiles;
}

/**
 * An autotile set of two seamless textures of one size: each tile shows `upper` where its field
 * says so and `lower` elsewhere. The field is read from what lies at the tile's sides and corners
 * (bilinear between them), with a wrapping noise on the boundary, so along an edge it depends only
 * on that edge's own corners and side: two tiles the rules let touch continue each other there,
 * and the textures, being seamless, continue too.
 */
export function composeAutotiles(kind: AutotileKind, upper: Rgba, lower: Rgba, seed: number): AutotileSet {
  const size = upper.width;
  const { columns, rows, tiles } = autotileAtlas(kind, size);
  const width = columns * size;
  const data = new Uint8Array(width * rows * size * 4);
  const wobble = periodicNoise(size, Math.max(2, Math.round(size / 8)), seed, 2);
  for (const tile of tiles) {
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const field = fieldAt(tile, x / (size - 1), y / (size - 1));
        const source = field + (wobble[y * size + x]! - 0.5) * 0.45 > 0.5 ? upper : lower;
        const from = (y * size + x) * 4;
        const to = ((tile.row * size + y) * width + tile.column * size + x) * 4;
        data.set(source.data.subarray(from, from + 4), to);
      }
    }
  }
  return { kind, tileSize: size, columns, rows, tiles, image: { data, width, height: rows * size } };
}

/** Where each tile of a set lies in its atlas: 4 columns for a corner set, 8 for a blob set. */
export function autotileAtlas(kind: AutotileKind, tileSize: number): Omit<AutotileSet, "image"> {
  const layout = autotileLayout(kind);
  const columns = kind === "corners" ? 4 : 8;
  const tiles = layout.map((tile, id) => ({ ...tile, id, column: id % columns, row: Math.floor(id / columns) }));
  return { kind, tileSize, columns, rows: Math.ceil(layout.length / columns), tiles };
}

/** The tile's field at (u, v) from 0 to 1: 1 where the upper terrain lies. */
function fieldAt(tile: Omit<AutotileTile, "id" | "column" | "row">, u: number, v: number): number {
  const value = (upper: boolean | null) => (upper ? 1 : 0);
  const { at } = tile;
  if (at.top === null) {
    const top = value(at.topLeft) * (1 - u) + value(at.topRight) * u;
    const bottom = value(at.bottomLeft) * (1 - u) + value(at.bottomRight) * u;
    return top * (1 - v) + bottom * v;
  }
  // A 3 × 3 grid of control points: corners, sides' middles and the centre; bilinear in each quarter.
  const grid = [
    [value(at.topLeft), value(at.top), value(at.topRight)],
    [value(at.left), value(tile.centre), value(at.right)],
    [value(at.bottomLeft), value(at.bottom), value(at.bottomRight)],
  ];
  const [gx, gy] = [u * 2, v * 2];
  const [x0, y0] = [Math.min(1, Math.floor(gx)), Math.min(1, Math.floor(gy))];
  const [tx, ty] = [gx - x0, gy - y0];
  const row = (r: number) => grid[r]![x0]! * (1 - tx) + grid[r]![x0 + 1]! * tx;
  return row(y0) * (1 - ty) + row(y0 + 1) * ty;
}

/**
 * Whether `right` may be placed to the right of `left` by the set's rules: what lies along their
 * shared edge is the same seen from both.
 */
export function mayTouchSideways(left: AutotileTile, right: AutotileTile): boolean {
  return (
    left.at.topRight === right.at.topLeft &&
    left.at.bottomRight === right.at.bottomLeft &&
    left.at.right === right.at.left
  );
}

/** Whether `below` may be placed under `above` by the set's rules. */
export function mayTouchDownwards(above: AutotileTile, below: AutotileTile): boolean {
  return (
    above.at.bottomLeft === below.at.topLeft &&
    above.at.bottomRight === below.at.topRight &&
    above.at.bottom === below.at.top
  );
}
