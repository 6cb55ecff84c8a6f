import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { AppError } from "#domain/errors";
import type { ObjectImageView } from "#domain/objects";
import { isPreview } from "#domain/preview";
import type { AutotileKindValue, TileSize } from "#domain/tiles";
import { images, objects } from "../db/schema";
import { composeAutotiles } from "../images/tiles/autotile";
import { madeToWrap } from "../images/tiles/wrap.server";
import { drawTexture, materialOf } from "../images/tiles/textures";
import type { Rgba } from "../images/pixel-art/detect-grid";
import { objectStylePalette } from "./style-palette.server";
import { deriveObjectImage, type DerivedImageDeps } from "./derived-images.server";

/** An RGBA image as a PNG. */
export const pngOf = (image: Rgba) =>
  sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 4 } })
    .png()
    .toBuffer();

async function rgbaOf(file: Buffer, size?: number): Promise<Rgba> {
  const pipeline = size ? sharp(file).resize({ width: size, height: size, fit: "cover" }) : sharp(file);
  const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * "Seamless tile" on one of an object's images: a square texture `tileSize` pixels a side that
 * wraps without a seam. The preview engine draws it from the object's material ("Grass", "Stone
 * floor") in the style's palette; a model's picture is brought down to the tile, repaired where it
 * does not wrap and cut where it is quietest. Free, once per image and size.
 */
export async function seamlessTileImage(
  deps: DerivedImageDeps,
  options: { workspaceId: string; objectId: string; imageId: string; tileSize: TileSize },
): Promise<{ image: ObjectImageView; existing: boolean }> {
  const { tileSize } = options;
  return deriveObjectImage(
    deps,
    options,
    {
      operation: "tiled",
      params: { tile: { size: tileSize, kind: "texture" } },
      suffix: `-tile-${tileSize}`,
      hasAlpha: false,
    },
    async (source, original) => {
      let texture: Rgba;
      if (isPreview(source.provider)) {
        const subject = source.subject ?? "";
        texture = drawTexture(materialOf(subject), {
          size: tileSize,
          palette: await objectStylePalette(deps.db, source.objectId),
          seed: source.seed ?? 1,
        });
      } else {
        texture = await madeToWrap(original, tileSize);
      }
      return { data: await pngOf(texture), width: tileSize, height: tileSize };
    },
  );
}

/** One of the workspace's seamless tiles, with its object's name: an autotile set's lower terrain. */
async function requireTile(deps: DerivedImageDeps, workspaceId: string, imageId: string) {
  const [row] = await deps.db
    .select({
      id: images.id,
      fileKey: images.fileKey,
      width: images.width,
      operation: images.operation,
      name: objects.name,
    })
    .from(images)
    .innerJoin(objects, eq(objects.id, images.objectId))
    .where(and(eq(images.id, imageId), eq(images.ownerId, workspaceId)));
  if (!row) throw new AppError("not_found", "No such image.");
  if (row.operation !== "tiled")
    throw new AppError("bad_request", "The lower terrain must be a seamless tile: make one first.");
  return row;
}

/**
 * "Autotile set" on a seamless tile: the upper terrain (this tile) over the lower (another object's
 * tile of the same size), as a 16-tile corner set or a 47-tile blob set in one atlas PNG. Free,
 * once per pair and kind.
 */
export async function autotileSetImage(
  deps: DerivedImageDeps,
  options: { workspaceId: string; objectId: string; imageId: string; lowerImageId: string; kind: AutotileKindValue },
): Promise<{ image: ObjectImageView; existing: boolean }> {
  const lower = await requireTile(deps, options.workspaceId, options.lowerImageId);
  return deriveObjectImage(
    deps,
    options,
    {
      operation: "autotiled",
      params: { tile: { size: lower.width, kind: options.kind, lowerImageId: lower.id } },
      suffix: `-${options.kind}`,
      hasAlpha: false,
    },
    async (source, original) => {
      if (source.operation !== "tiled") throw new AppError("bad_request", "Make this image a seamless tile first.");
      if (source.width !== lower.width) {
        throw new AppError(
          "bad_request",
          `The two tiles differ in size (${source.width} and ${lower.width} px): make them the same size.`,
        );
      }
      const lowerFile = await deps.storage.read(lower.fileKey);
      if (!lowerFile) throw new AppError("not_found", "No such image.");
      const set = composeAutotiles(options.kind, await rgbaOf(original), await rgbaOf(lowerFile), source.seed ?? 1);
      return { data: await pngOf(set.image), width: set.image.width, height: set.image.height };
    },
  );
}

/** The workspace's seamless tiles, newest first: the lower terrains an autotile set can lie on. */
export async function seamlessTilesOf(db: DerivedImageDeps["db"], workspaceId: string) {
  return db
    .select({ imageId: images.id, objectId: objects.id, objectName: objects.name, size: images.width })
    .from(images)
    .innerJoin(objects, eq(objects.id, images.objectId))
    .where(and(eq(images.ownerId, workspaceId), eq(images.operation, "tiled")))
    .orderBy(desc(images.createdAt))
    .limit(200);
}
