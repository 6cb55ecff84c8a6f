import { XMLParser } from "fast-xml-parser";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Rgba } from "../pixel-art/detect-grid";
import {
  around,
  autotileLayout,
  composeAutotiles,
  mayTouchDownwards,
  mayTouchSideways,
  type AutotileSet,
} from "./autotile";
import { godotTileset } from "./godot-tileset";
import { isSeamless, repairSeam, seamDifference } from "./seam";
import { drawTexture, drawWrappingTexture, materialOf, tileMaterials } from "./textures";
import { tiledSampleMap, tiledTileset, tileFor } from "./tiled-files";
import { madeToWrap } from "./wrap.server";

const names = {
  upper: { name: "Grass", colour: "#5aa64b" },
  lower: { name: "Dirt", colour: "#8a5f3b" },
  base: "grass-over-dirt",
};

/** Tile `tile` of the set's atlas as an image of its own. */
function tileImage(set: AutotileSet, id: number): Rgba {
  const { tileSize: size, image } = set;
  const tile = set.tiles[id]!;
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    const from = ((tile.row * size + y) * image.width + tile.column * size) * 4;
    data.set(image.data.subarray(from, from + size * 4), y * size * 4);
  }
  return { data, width: size, height: size };
}

/** Two images side by side (or one above the other): the pair as it lies on a map. */
function pair(a: Rgba, b: Rgba, direction: "sideways" | "down"): Rgba {
  const size = a.width;
  const [width, height] = direction === "sideways" ? [size * 2, size] : [size, size * 2];
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < size; y++) {
    data.set(a.data.subarray(y * size * 4, (y + 1) * size * 4), y * width * 4);
    const [bx, by] = direction === "sideways" ? [size, y] : [0, size + y];
    data.set(b.data.subarray(y * size * 4, (y + 1) * size * 4), (by * width + bx) * 4);
  }
  return { data, width, height };
}

/** The mean difference across the pair's shared edge, and between neighbours inside the two tiles along the same axis. */
function across(image: Rgba, direction: "sideways" | "down") {
  const { data, width, height } = image;
  const diff = (p: number, q: number) =>
    (Math.abs(data[p]! - data[q]!) + Math.abs(data[p + 1]! - data[q + 1]!) + Math.abs(data[p + 2]! - data[q + 2]!)) / 3;
  const at = (x: number, y: number) => (y * width + x) * 4;
  let edge = 0;
  let edges = 0;
  let inside = 0;
  let insides = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [px, py] = direction === "sideways" ? [x - 1, y] : [x, y - 1];
      if (px < 0 || py < 0) continue;
      const d = diff(at(px, py), at(x, y));
      const onEdge = direction === "sideways" ? x === width / 2 : y === height / 2;
      if (onEdge) {
        edge += d;
        edges++;
      } else {
        inside += d;
        insides++;
      }
    }
  }
  return { edge: edge / edges, inside: inside / insides };
}

describe("tiles", () => {
  it("draws every material as a texture that wraps without a seam, at every tile size", () => {
    for (const material of [...tileMaterials, null]) {
      for (const size of [16, 32, 48, 64]) {
        const texture = drawTexture(material, { size, palette: ["#264653", "#2a9d8f", "#e9c46a"], seed: 3 });
        const { seam, interior } = seamDifference(texture);
        expect(
          seam,
          `${material} at ${size}: seam ${seam.toFixed(1)}, inside ${interior.toFixed(1)}`,
        ).toBeLessThanOrEqual(1.5 * interior);
        expect(interior).toBeGreaterThan(0);
      }
    }
  });

  it("draws every material so that it wraps: the step across the wrap is no more than 1.5 × the largest step inside", () => {
    // The cut tile's own seam is always quiet (it is cut there); that the texture wraps at all is
    // seen before the cut, where a pattern that did not wrap would jump at its edge.
    const boundaries = (
      { data, width, height }: { data: Uint8Array; width: number; height: number },
      axis: "x" | "y",
    ) => {
      const length = axis === "x" ? width : height;
      return Array.from({ length }, (_, k) => {
        let sum = 0;
        for (let i = 0; i < (axis === "x" ? height : width); i++) {
          const [a, b] =
            axis === "x"
              ? [
                  [(k + length - 1) % length, i],
                  [k, i],
                ]
              : [
                  [i, (k + length - 1) % length],
                  [i, k],
                ];
          const p = (a[1]! * width + a[0]!) * 4;
          const q = (b[1]! * width + b[0]!) * 4;
          for (let c = 0; c < 3; c++) sum += Math.abs(data[p + c]! - data[q + c]!);
        }
        return sum;
      });
    };
    for (const material of [...tileMaterials, null]) {
      for (const size of [16, 32, 48, 64]) {
        const texture = drawWrappingTexture(material, { size, palette: [], seed: 3 });
        for (const axis of ["x", "y"] as const) {
          const [wrap, ...inside] = boundaries(texture, axis);
          expect(wrap, `${material} at ${size} px, across ${axis}`).toBeLessThanOrEqual(1.5 * Math.max(...inside));
        }
      }
    }
    // The measure sees a texture that jumps at its edge: a gradient.
    const size = 32;
    const ramp = new Uint8Array(size * size * 4);
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) ramp.set([x * 8, 90, 60, 255], (y * size + x) * 4);
    const [wrap, ...inside] = boundaries({ data: ramp, width: size, height: size }, "x");
    expect(wrap).toBeGreaterThan(1.5 * Math.max(...inside));
  });

  it("names the material a subject means", () => {
    expect(
      ["Grass", "mossy stone floor", "Red brick wall", "Ocean water", "Desert sand", "Oak planks", "Muddy path"].map(
        materialOf,
      ),
    ).toEqual(["grass", "stone", "brick", "water", "sand", "wood", "dirt"]);
    expect(materialOf("Lava")).toBeNull();
  });

  it("repairs a texture that does not wrap until its seam differs no more than its inside", () => {
    // A left-to-right gradient: its last column is far from its first.
    const size = 64;
    const data = new Uint8Array(size * size * 4);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) data.set([x * 4, 100 + (y % 7) * 3, 60, 255], (y * size + x) * 4);
    const image = { data, width: size, height: size };
    expect(isSeamless(image)).toBe(false);
    expect(isSeamless(repairSeam(image))).toBe(true);
  });

  it("makes a model's picture, of any shape, into a square texture that wraps", async () => {
    // A wide left-to-right gradient: cropped square it still does not wrap, until it is made to.
    const [width, height] = [300, 200];
    const data = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        data.set([Math.round((x / width) * 255), 90 + (y % 5) * 4, 40], (y * width + x) * 3);
    const picture = await sharp(data, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    const square = await sharp(picture).resize({ width: 64, height: 64, fit: "cover" }).ensureAlpha().raw().toBuffer();
    expect(isSeamless({ data: square, width: 64, height: 64 })).toBe(false);
    const texture = await madeToWrap(picture, 64);
    expect([texture.width, texture.height]).toEqual([64, 64]);
    expect(isSeamless(texture)).toBe(true);
  });

  it("lays out the 16-tile corner set and the 47-tile blob set (plus one lower tile)", () => {
    const corners = autotileLayout("corners");
    expect(corners).toHaveLength(16);
    expect(new Set(corners.map((t) => JSON.stringify(t.at))).size).toBe(16);
    const blob = autotileLayout("blob");
    expect(blob.filter((t) => t.centre)).toHaveLength(47);
    expect(blob).toHaveLength(48);
  });

  for (const kind of ["corners", "blob"] as const) {
    it(`joins every pair of ${kind} tiles the rules let touch along their shared edge`, () => {
      for (const tileSize of [16, 32]) {
        const grass = drawTexture("grass", { size: tileSize, palette: [], seed: 1 });
        const dirt = drawTexture("dirt", { size: tileSize, palette: [], seed: 2 });
        const set = composeAutotiles(kind, grass, dirt, 5);
        expect([set.image.width, set.image.height]).toEqual([set.columns * tileSize, set.rows * tileSize]);
        const images = set.tiles.map((tile) => tileImage(set, tile.id));
        let pairs = 0;
        for (const a of set.tiles) {
          for (const b of set.tiles) {
            for (const direction of ["sideways", "down"] as const) {
              const allowed = direction === "sideways" ? mayTouchSideways(a, b) : mayTouchDownwards(a, b);
              if (!allowed) continue;
              pairs++;
              const { edge, inside } = across(pair(images[a.id]!, images[b.id]!, direction), direction);
              expect(edge, `${kind} ${tileSize}px: tile ${a.id} then ${b.id} ${direction}`).toBeLessThanOrEqual(
                1.5 * inside + 4,
              );
            }
          }
        }
        expect(pairs).toBeGreaterThan(kind === "corners" ? 100 : 200);
      }
    });
  }

  it("writes a Tiled tileset that names each tile's corners, and a sample map of valid tiles", () => {
    const grass = drawTexture("grass", { size: 32, palette: [], seed: 1 });
    const dirt = drawTexture("dirt", { size: 32, palette: [], seed: 2 });
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" });
    for (const kind of ["corners", "blob"] as const) {
      const set = composeAutotiles(kind, grass, dirt, 5);
      const { tileset } = parser.parse(tiledTileset(set, names)) as {
        tileset: {
          tilecount: string;
          columns: string;
          tilewidth: string;
          image: { source: string; width: string };
          wangsets: {
            wangset: { type: string; wangcolor: { name: string }[]; wangtile: { tileid: string; wangid: string }[] };
          };
        };
      };
      expect(tileset).toMatchObject({
        tilecount: String(set.tiles.length),
        columns: String(set.columns),
        tilewidth: "32",
      });
      expect(tileset.image).toMatchObject({ source: "grass-over-dirt.png", width: String(set.image.width) });
      const wangset = tileset.wangsets.wangset;
      expect(wangset.type).toBe(kind === "corners" ? "corner" : "mixed");
      expect(wangset.wangcolor.map((c) => c.name)).toEqual(["Dirt", "Grass"]);
      expect(wangset.wangtile).toHaveLength(set.tiles.length);
      for (const wangtile of wangset.wangtile) {
        const tile = set.tiles[Number(wangtile.tileid)]!;
        const ids = wangtile.wangid.split(",").map(Number);
        // Corners are every other place, from the top right; a corner set leaves the sides unset.
        around.forEach((place, i) => expect(ids[i]).toBe(tile.at[place] === null ? 0 : tile.at[place] ? 2 : 1));
      }

      const upperAt = (x: number, y: number) => (x * 7 + y * 13 + ((x * y) % 5)) % 3 !== 0;
      const { map } = parser.parse(tiledSampleMap(set, names, { width: 12, height: 8 }, upperAt)) as {
        map: { tileset: { source: string }; layer: { data: { "#text": string; encoding: string } } };
      };
      expect(map.tileset.source).toBe("grass-over-dirt.tsx");
      expect(map.layer.data.encoding).toBe("csv");
      const gids = map.layer.data["#text"].split(",").map((n) => Number(n.trim()));
      expect(gids).toHaveLength(96);
      // Every neighbour on the map is a pair the rules let touch.
      const tileAt = (x: number, y: number) => set.tiles[gids[y * 12 + x]! - 1]!;
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 12; x++) {
          expect(tileAt(x, y)).toBe(tileFor(set, x, y, upperAt));
          if (x < 11) expect(mayTouchSideways(tileAt(x, y), tileAt(x + 1, y))).toBe(true);
          if (y < 7) expect(mayTouchDownwards(tileAt(x, y), tileAt(x, y + 1))).toBe(true);
        }
      }
    }
  });

  it("writes a Godot TileSet with its terrains and every tile's terrain and peering bits", () => {
    const grass = drawTexture("grass", { size: 16, palette: [], seed: 1 });
    const dirt = drawTexture("dirt", { size: 16, palette: [], seed: 2 });
    for (const kind of ["corners", "blob"] as const) {
      const set = composeAutotiles(kind, grass, dirt, 5);
      const text = godotTileset(set, names);
      expect(text).toMatch(/^\[gd_resource type="TileSet" load_steps=3 format=3\]/);
      expect(text).toContain('[ext_resource type="Texture2D" path="res://grass-over-dirt.png" id="1_atlas"]');
      expect(text).toContain("texture_region_size = Vector2i(16, 16)");
      expect(text).toContain(`terrain_set_0/mode = ${kind === "corners" ? 1 : 0}`);
      expect(text).toContain('terrain_set_0/terrain_0/name = "Dirt"');
      expect(text).toContain('terrain_set_0/terrain_1/name = "Grass"');
      const bitsPerTile = kind === "corners" ? 4 : 8;
      for (const tile of set.tiles) {
        const cell = `${tile.column}:${tile.row}/0`;
        expect(text).toContain(`${cell} = 0\n${cell}/terrain_set = 0\n${cell}/terrain = ${tile.centre ? 1 : 0}`);
        const bits = text.split("\n").filter((line) => line.startsWith(`${cell}/terrains_peering_bit/`));
        expect(bits).toHaveLength(bitsPerTile);
        expect(bits).toContain(`${cell}/terrains_peering_bit/top_left_corner = ${tile.at.topLeft ? 1 : 0}`);
      }
    }
  });
});
