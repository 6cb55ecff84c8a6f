import type { AutotileSet, Around } from "./autotile";
import type { TerrainNames } from "./tiled-files";

/** Godot's names for a square tile's peering bits. */
const peeringBits: Record<Around, string> = {
  top: "top_side",
  topRight: "top_right_corner",
  right: "right_side",
  bottomRight: "bottom_right_corner",
  bottom: "bottom_side",
  bottomLeft: "bottom_left_corner",
  left: "left_side",
  topLeft: "top_left_corner",
};

const colour = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const part = (shift: number) => (((n >> shift) & 255) / 255).toFixed(3).replace(/\.?0+$/, "") || "0";
  return `Color(${part(16)}, ${part(8)}, ${part(0)}, 1)`;
};

/**
 * A Godot 4 TileSet resource (.tres) of the set's PNG (`res://<base>.png` beside it): one terrain set
 * ("Match Corners" for a corner set, "Match Corners and Sides" for a blob set) with terrain 0 the
 * lower and 1 the upper, and every tile's terrain and peering bits, so Godot's terrain painting
 * places the right tile.
 */
export function godotTileset(set: Omit<AutotileSet, "image">, names: TerrainNames): string {
  const tiles = set.tiles.flatMap((tile) => {
    const cell = `${tile.column}:${tile.row}/0`;
    const bits = (Object.keys(peeringBits) as Around[])
      .filter((place) => tile.at[place] !== null)
      .map((place) => `${cell}/terrains_peering_bit/${peeringBits[place]} = ${tile.at[place] ? 1 : 0}`);
    return [`${cell} = 0`, `${cell}/terrain_set = 0`, `${cell}/terrain = ${tile.centre ? 1 : 0}`, ...bits];
  });
  return [
    `[gd_resource type="TileSet" load_steps=3 format=3]`,
    ``,
    `[ext_resource type="Texture2D" path="res://${names.base}.png" id="1_atlas"]`,
    ``,
    `[sub_resource type="TileSetAtlasSource" id="TileSetAtlasSource_1"]`,
    `texture = ExtResource("1_atlas")`,
    `texture_region_size = Vector2i(${set.tileSize}, ${set.tileSize})`,
    ...tiles,
    ``,
    `[resource]`,
    `tile_size = Vector2i(${set.tileSize}, ${set.tileSize})`,
    `terrain_set_0/mode = ${set.kind === "corners" ? 1 : 0}`,
    `terrain_set_0/terrain_0/name = ${JSON.stringify(names.lower.name)}`,
    `terrain_set_0/terrain_0/color = ${colour(names.lower.colour)}`,
    `terrain_set_0/terrain_1/name = ${JSON.stringify(names.upper.name)}`,
    `terrain_set_0/terrain_1/color = ${colour(names.upper.colour)}`,
    `sources/0 = SubResource("TileSetAtlasSource_1")`,
    ``,
  ].join("\n");
}
