import { and, eq } from "drizzle-orm";
import { AppError } from "#domain/errors";
import type { ObjectImageView } from "#domain/objects";
import type { PixelArtInput } from "#domain/pixel-art";
import { images, objects } from "../db/schema";
import type { Database } from "../db/client.server";
import { pixelate, scaleByWholePixels } from "../images/pixel-art/pixelate.server";
import type { FileStorage } from "../storage/storage.server";
import { slugify } from "./export-zip.server";
import { objectStylePalette } from "./style-palette.server";
import { deriveObjectImage, type DerivedImageDeps } from "./derived-images.server";

/**
 * "Pixel art" on one of an object's images: a new image of the object on a native grid, in a
 * locked palette, every pixel clear or opaque (Motif's own conversion, no AI, free). Made once per
 * image and settings; asking again answers with that image.
 */
export async function pixelArtObjectImage(
  deps: DerivedImageDeps,
  options: { workspaceId: string; objectId: string; input: PixelArtInput },
): Promise<{ image: ObjectImageView; existing: boolean }> {
  const { imageId, ...settings } = options.input;
  return deriveObjectImage(
    deps,
    { ...options, imageId },
    { operation: "pixelated", params: { pixelArt: settings }, suffix: "-pixel-art" },
    async (source, original) => {
      const palette = await objectStylePalette(deps.db, source.objectId);
      if (settings.palette === "style" && palette.length === 0) {
        throw new AppError("bad_request", "This style has no palette; choose another.");
      }
      return pixelate(original, { ...settings, stylePalette: palette });
    },
  );
}

/**
 * One of the workspace's images enlarged `scale` times by whole pixels (nearest neighbour): how
 * pixel art is used at a size, every pixel a sharp square. Refused when it would be longer than
 * `maxSide` on a side.
 */
export async function scaledImageDownload(
  deps: { db: Database; storage: FileStorage; maxSide: number },
  options: { workspaceId: string; imageId: string; scale: number },
): Promise<{ data: Buffer; fileName: string }> {
  const [row] = await deps.db
    .select({ fileKey: images.fileKey, width: images.width, height: images.height, objectName: objects.name })
    .from(images)
    .leftJoin(objects, eq(objects.id, images.objectId))
    .where(and(eq(images.id, options.imageId), eq(images.ownerId, options.workspaceId)));
  if (!row) throw new AppError("not_found", "No such image.");
  const { scale } = options;
  const [width, height] = [row.width * scale, row.height * scale];
  if (Math.max(width, height) > deps.maxSide) {
    throw new AppError(
      "bad_request",
      `×${scale} would make ${width} × ${height} px; this Motif makes images up to ${deps.maxSide} px on a side.`,
    );
  }
  const original = await deps.storage.read(row.fileKey);
  if (!original) throw new AppError("not_found", "No such image.");
  return {
    data: await scaleByWholePixels(original, scale),
    fileName: `${slugify(row.objectName ?? "image")}-x${scale}.png`,
  };
}
