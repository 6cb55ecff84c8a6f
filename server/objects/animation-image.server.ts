import type { Writable } from "node:stream";
import { and, eq } from "drizzle-orm";
import {
  actionSpeeds,
  animationActions,
  directionSets,
  drawnDirections,
  type AnimationInput,
  type AnimationRecord,
  type AnimationExport,
  type FrameOrderInput,
} from "#domain/animation";
import { AppError } from "#domain/errors";
import type { ObjectImageView } from "#domain/objects";
import type { Database } from "../db/client.server";
import { images, objects } from "../db/schema";
import { animateDrawing } from "../images/animation/frames.server";
import { animatedGif, animatedWebp, sheetPng, sheetRow } from "../images/animation/sheet.server";
import { asepriteJson, godotSpriteFrames, texturePackerJson, type SheetLayout } from "../images/animation/sheet-files";
import type { FileStorage } from "../storage/storage.server";
import { deriveObjectImage, type DerivedImageDeps } from "./derived-images.server";
import { slugify } from "./export-zip.server";
import { zipStream } from "./zip-stream.server";

export const NOT_AN_ANIMATION = "Only an animation downloads as frames: make one first.";

/**
 * "Animation" on one of an object's images: a sheet of the drawing in motion — a row per direction
 * (the west side mirrored from the east), a column per frame, every frame on one canvas and one
 * baseline. Preview motion (bob, squash and stretch, sway, lunge, shake, fall), Motif's own work:
 * free, once per image and settings.
 */
export async function animationImage(
  deps: DerivedImageDeps,
  options: { workspaceId: string; objectId: string; input: AnimationInput },
): Promise<{ image: ObjectImageView; existing: boolean }> {
  const { imageId, ...settings } = options.input;
  return deriveObjectImage(
    deps,
    { ...options, imageId },
    { operation: "animated", params: { animation: settings }, suffix: `-${settings.action}`, hasAlpha: true },
    async (_source, original) => sheetPng(await animateDrawing(original, settings)),
  );
}

/**
 * "Reorder or drop frames" on an animation sheet: a new sheet with every row's frames in the order
 * given (a frame left out is dropped, one listed twice is held), and, for frames a model drew, the
 * frame images in that order too. Free, once per sheet and order.
 */
export async function reorderAnimationFrames(
  deps: DerivedImageDeps,
  options: { workspaceId: string; objectId: string; input: FrameOrderInput },
): Promise<{ image: ObjectImageView; existing: boolean }> {
  const { imageId, order } = options.input;
  const [sheet] = await deps.db
    .select({ params: images.operationParams })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.objectId, options.objectId), eq(images.ownerId, options.workspaceId)));
  if (!sheet) throw new AppError("not_found", "No such image.", { field: "imageId" });
  const animation = sheet.params?.animation;
  if (!animation) throw new AppError("conflict", NOT_AN_ANIMATION, { field: "imageId" });
  if (order.some((frame) => frame >= animation.frames)) {
    throw new AppError("bad_request", `The sheet has frames 0 to ${animation.frames - 1}.`, { field: "order" });
  }
  const { drawn } = animation;
  const reordered: AnimationRecord = {
    ...animation,
    frames: order.length,
    order,
    ...(drawn
      ? {
          drawn: {
            ...drawn,
            frameIds: drawnDirections(animation.directions, drawn.mirror).flatMap((_, row) =>
              order.map((frame) => drawn.frameIds[row * animation.frames + frame]!),
            ),
          },
        }
      : {}),
  };
  return deriveObjectImage(
    deps,
    { ...options, imageId },
    { operation: "animated", params: { animation: reordered }, suffix: `-${animation.action}`, hasAlpha: true },
    async (source, original) => {
      const cell = source.height / animation.directions;
      const rows = await Promise.all(
        Array.from({ length: animation.directions }, (_, row) =>
          sheetRow(original, { cell, frames: animation.frames, row }),
        ),
      );
      return sheetPng({ cell, directions: [], frames: rows.map((row) => order.map((frame) => row[frame]!)) });
    },
  );
}

/**
 * An animation sheet as a ZIP an engine opens: the sheet with Aseprite's JSON, or TexturePacker's
 * JSON hash, or a Godot 4 SpriteFrames; or an animated GIF per direction.
 */
export async function writeAnimationZip(
  deps: { db: Database; storage: FileStorage },
  options: {
    workspaceId: string;
    imageId: string;
    for: AnimationExport;
    out: Writable;
    onReady(fileName: string): void;
  },
): Promise<void> {
  const [row] = await deps.db
    .select({ fileKey: images.fileKey, height: images.height, params: images.operationParams, name: objects.name })
    .from(images)
    .innerJoin(objects, eq(objects.id, images.objectId))
    .where(and(eq(images.id, options.imageId), eq(images.ownerId, options.workspaceId)));
  if (!row) throw new AppError("not_found", "No such image.");
  const animation = row.params?.animation;
  if (!animation || !animationActions.includes(animation.action)) throw new AppError("conflict", NOT_AN_ANIMATION);
  const sheet = await deps.storage.read(row.fileKey);
  if (!sheet) throw new AppError("not_found", "No such image.");
  const base = `${slugify(row.name)}-${animation.action}`;
  const layout: SheetLayout = {
    name: slugify(row.name),
    action: animation.action,
    directions: [...directionSets[animation.directions]],
    frames: animation.frames,
    cell: row.height / animation.directions,
    fps: actionSpeeds[animation.action],
    loop: animation.loop,
    image: `${base}.png`,
  };
  options.onReady(`${base}-${options.for}.zip`);
  const { archive, delivered } = await zipStream(options.out);
  if (options.for === "gif" || options.for === "webp") {
    const animate = options.for === "gif" ? animatedGif : animatedWebp;
    for (const [index, direction] of layout.directions.entries()) {
      const frames = await sheetRow(sheet, { cell: layout.cell, frames: layout.frames, row: index });
      archive.append(await animate(frames, layout), { name: `${base}-${direction}.${options.for}` });
    }
  } else {
    archive.append(sheet, { name: layout.image });
    if (options.for === "aseprite")
      archive.append(JSON.stringify(asepriteJson(layout), null, 2), { name: `${base}.json` });
    if (options.for === "texturepacker") {
      archive.append(JSON.stringify(texturePackerJson(layout), null, 2), { name: `${base}-atlas.json` });
    }
    if (options.for === "godot") archive.append(godotSpriteFrames(layout), { name: `${base}.tres` });
  }
  await archive.finalize();
  await delivered;
}
