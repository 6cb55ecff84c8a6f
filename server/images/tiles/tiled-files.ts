import { around, type Around, type AutotileSet } from "./autotile";

/** Names for the two terrains and the files of a set: "Grass", "Dirt", "grass-over-dirt". */
export interface TerrainNames {
  upper: { name: string; colour: string };
  lower: { name: string; colour: string };
  /** The set's file name without extension; its PNG is `${base}.png`. */
  base: string;
}

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * A Tiled tileset (.tsx) of the set's PNG with its Wang set: a corner set for "corners", a mixed
 * set (sides and corners) for "blob". Wang colour 1 is the lower terrain, 2 the upper; each tile's
 * wangid lists top, top right, right, bottom right, bottom, bottom left, left and top left, 0 where
 * the set does not use that place (a corner set's sides).
 */
export function tiledTileset(set: Omit<AutotileSet, "image">, names: TerrainNames): string {
  const { tileSize, columns, rows } = set;
  const wangTiles = set.tiles.map((tile) => {
    const wangid = around.map((place) => (tile.at[place] === null ? 0 : tile.at[place] ? 2 : 1)).join(",");
    return `   <wangtile tileid="${tile.id}" wangid="${wangid}"/>`;
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<tileset version="1.10" tiledversion="1.10.2" name="${escape(names.base)}" tilewidth="${tileSize}" tileheight="${tileSize}" tilecount="${set.tiles.length}" columns="${columns}">`,
    ` <image source="${escape(names.base)}.png" width="${columns * tileSize}" height="${rows * tileSize}"/>`,
    ` <wangsets>`,
    `  <wangset name="${escape(`${names.upper.name} over ${names.lower.name}`)}" type="${set.kind === "corners" ? "corner" : "mixed"}" tile="-1">`,
    `   <wangcolor name="${escape(names.lower.name)}" color="${names.lower.colour}" tile="-1" probability="1"/>`,
    `   <wangcolor name="${escape(names.upper.name)}" color="${names.upper.colour}" tile="-1" probability="1"/>`,
    ...wangTiles,
    `  </wangset>`,
    ` </wangsets>`,
    `</tileset>`,
    ``,
  ].join("\n");
}

/**
 * A Tiled map (.tmx) painted with the set by its own rules, to open beside the tileset and see it
 * join: `width` × `height` tiles whose terrain comes from `upperAt(x, y)` (a corner's terrain for a
 * corner set, a cell's for a blob set).
 */
export function tiledSampleMap(
  set: Omit<AutotileSet, "image">,
  names: TerrainNames,
  size: { width: number; height: number },
  upperAt: (x: number, y: number) => boolean,
): string {
  const gids: number[] = [];
  for (let y = 0; y < size.height; y++) {
    for (let x = 0; x < size.width; x++) gids.push(tileFor(set, x, y, upperAt).id + 1);
  }
  const rows = Array.from({ length: size.height }, (_, y) =>
    gids.slice(y * size.width, (y + 1) * size.width).join(","),
  );
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="${size.width}" height="${size.height}" tilewidth="${set.tileSize}" tileheight="${set.tileSize}" infinite="0" nextlayerid="2" nextobjectid="1">`,
    ` <tileset firstgid="1" source="${escape(names.base)}.tsx"/>`,
    ` <layer id="1" name="${escape(names.upper.name)} over ${escape(names.lower.name)}" width="${size.width}" height="${size.height}">`,
    `  <data encoding="csv">`,
    rows.join(",\n"),
    `</data>`,
    ` </layer>`,
    `</map>`,
    ``,
  ].join("\n");
}

/** The set's tile for the cell at (x, y) of a map whose terrain `upperAt` gives. */
export function tileFor(
  set: Omit<AutotileSet, "image">,
  x: number,
  y: number,
  upperAt: (x: number, y: number) => boolean,
) {
  if (set.kind === "corners") {
    const wanted = {
      topLeft: upperAt(x, y),
      topRight: upperAt(x + 1, y),
      bottomRight: upperAt(x + 1, y + 1),
      bottomLeft: upperAt(x, y + 1),
    };
    return set.tiles.find((tile) =>
      Object.entries(wanted).every(([place, upper]) => tile.at[place as Around] === upper),
    )!;
  }
  const wanted = blobNeighbours(x, y, upperAt);
  if (!wanted) return set.tiles.find((tile) => !tile.centre)!;
  return set.tiles.find((tile) => tile.centre && around.every((place) => tile.at[place] === wanted[place]))!;
}

/** A blob cell's sides and corners (a corner only where both its sides join), or null for a lower cell. */
function blobNeighbours(x: number, y: number, upperAt: (x: number, y: number) => boolean) {
  if (!upperAt(x, y)) return null;
  const [top, right, bottom, left] = [upperAt(x, y - 1), upperAt(x + 1, y), upperAt(x, y + 1), upperAt(x - 1, y)];
  return {
    top,
    right,
    bottom,
    left,
    topRight: top && right && upperAt(x + 1, y - 1),
    bottomRight: bottom && right && upperAt(x + 1, y + 1),
    bottomLeft: bottom && left && upperAt(x - 1, y + 1),
    topLeft: top && left && upperAt(x - 1, y - 1),
  };
}
