import type { Writable } from "node:stream";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { AppError } from "#domain/errors";
import { autotileKindValues } from "#domain/tiles";
import type { Database } from "../db/client.server";
import { images, objects } from "../db/schema";
import { autotileAtlas } from "../images/tiles/autotile";
import { godotTileset } from "../images/tiles/godot-tileset";
import { periodicNoise } from "../images/tiles/periodic-noise";
import { tiledSampleMap, tiledTileset, type TerrainNames } from "../images/tiles/tiled-files";
import type { FileStorage } from "../storage/storage.server";
import { slugify } from "./export-zip.server";
import { zipStream } from "./zip-stream.server";

export const NOT_A_TILESET = "Only an autotile set downloads as a tileset: make one from a seamless tile first.";

/** The sample map's size in tiles. */
const MAP = { width: 16, height: 12 };

async function meanColour(file: Buffer | undefined): Promise<string> {
  if (!file) return "#808080";
  const { channels } = await sharp(file).stats();
  return `#${channels
    .slice(0, 3)
    .map((c) => Math.round(c.mean).toString(16).padStart(2, "0"))
    .join("")}`;
}

/**
 * An autotile set as a ZIP a game engine's editor opens: its PNG with a Tiled tileset (.tsx, its
 * Wang set) and a sample map (.tmx) painted by the set's rules, or with a Godot 4 TileSet (.tres)
 * whose terrains paint it. Files are named for the terrains: "grass-over-dirt.png".
 */
export async function writeTilesetZip(
  deps: { db: Database; storage: FileStorage },
  options: {
    workspaceId: string;
    imageId: string;
    for: "tiled" | "godot";
    out: Writable;
    onReady(fileName: string): void;
  },
): Promise<void> {
  const [row] = await deps.db
    .select({
      fileKey: images.fileKey,
      operation: images.operation,
      params: images.operationParams,
      name: objects.name,
    })
    .from(images)
    .innerJoin(objects, eq(objects.id, images.objectId))
    .where(and(eq(images.id, options.imageId), eq(images.ownerId, options.workspaceId)));
  if (!row) throw new AppError("not_found", "No such image.");
  const tile = row.params?.tile;
  const kind = autotileKindValues.find((value) => value === tile?.kind);
  if (row.operation !== "autotiled" || !tile || !kind) throw new AppError("conflict", NOT_A_TILESET);
  const [lower] = tile.lowerImageId
    ? await deps.db
        .select({ fileKey: images.fileKey, name: objects.name })
        .from(images)
        .innerJoin(objects, eq(objects.id, images.objectId))
        .where(eq(images.id, tile.lowerImageId))
    : [];
  const [atlas, lowerFile] = await Promise.all([
    deps.storage.read(row.fileKey),
    lower ? deps.storage.read(lower.fileKey) : undefined,
  ]);
  if (!atlas) throw new AppError("not_found", "No such image.");
  const lowerName = lower?.name ?? "Ground";
  const names: TerrainNames = {
    upper: { name: row.name, colour: await meanColour(atlas) },
    lower: { name: lowerName, colour: await meanColour(lowerFile ?? undefined) },
    base: `${slugify(row.name)}-over-${slugify(lowerName)}`,
  };
  const set = autotileAtlas(kind, tile.size);
  options.onReady(`${names.base}-${options.for}.zip`);
  const { archive, delivered } = await zipStream(options.out);
  archive.append(atlas, { name: `${names.base}.png` });
  if (options.for === "tiled") {
    // An island of the upper terrain with a wandering shore: every rule of the set shows on it.
    const shore = periodicNoise(32, 3, 7);
    const upperAt = (x: number, y: number) => {
      const [cx, cy] = [(x - MAP.width / 2) / (MAP.width / 2), (y - MAP.height / 2) / (MAP.height / 2)];
      return Math.hypot(cx, cy) + (shore[((y * 2) % 32) * 32 + ((x * 2) % 32)]! - 0.5) * 0.6 < 0.72;
    };
    archive.append(tiledTileset(set, names), { name: `${names.base}.tsx` });
    archive.append(tiledSampleMap(set, names, MAP, upperAt), { name: `${names.base}-sample.tmx` });
  } else {
    archive.append(godotTileset(set, names), { name: `${names.base}.tres` });
  }
  await archive.finalize();
  await delivered;
}
