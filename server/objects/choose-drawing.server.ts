import sharp from "sharp";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { sameDrawing, type DrawingChoice, type DrawingsReply } from "#domain/drawings";
import { AppError, FieldError } from "#domain/errors";
import type { ObjectDetail } from "#domain/objects";
import type { Database } from "../db/client.server";
import { images, objects } from "../db/schema";
import { drawingCandidates } from "../generation/preview/drawing-candidates.server";
import { createOfflineProvider } from "../generation/providers/offline.server";
import { makeCardVariants } from "../images/card-variants.server";
import type { ImageUrlSigner } from "../images/signed-urls.server";
import { newId } from "../ids.server";
import { objectFolder } from "../storage/folders.server";
import type { FileStorage } from "../storage/storage.server";
import { drawingOfCredit, objectDrawingRequest, requirePreviewCover } from "./drawing-request.server";
import { requireObjectDetail } from "./object-queries.server";
import { requireOwnedObject, type ObjectRecord } from "./object-records.server";

export interface ChooseDrawingDeps {
  db: Database;
  storage: FileStorage;
  signer: ImageUrlSigner;
}

const imagesOf = async (db: Database, objectId: string) =>
  (await db.select({ count: count() }).from(images).where(eq(images.objectId, objectId)))[0]?.count ?? 0;

/** The drawings "Choose another drawing" offers for one of the workspace's objects, and the one it has. */
export async function listDrawings(
  db: Database,
  options: { workspaceId: string; objectId: string },
): Promise<DrawingsReply> {
  const object = await requireOwnedObject(db, options);
  const cover = await requirePreviewCover(db, object);
  const request = await objectDrawingRequest(db, object, { imageCount: await imagesOf(db, object.id) });
  const candidates = drawingCandidates(request).map(({ set, icon, library, svg }) => ({ set, icon, library, svg }));
  return { current: object.drawing ?? drawingOfCredit(cover.credit), candidates };
}

/**
 * The image already drawn from this drawing: the one it was chosen with before, else the first
 * image the preview engine drew from it by itself. Choosing the drawing an object had before
 * therefore brings its old cover back (an undo) rather than drawing it twice.
 */
async function drawnWith(db: Pick<Database, "select">, objectId: string, drawing: DrawingChoice) {
  const params = JSON.stringify({ drawing: { set: drawing.set, icon: drawing.icon } });
  const [chosen] = await db
    .select({ id: images.id })
    .from(images)
    .where(and(eq(images.objectId, objectId), sql`${images.operationParams} = ${params}::jsonb`))
    .limit(1);
  if (chosen) return chosen.id;
  const drawn = await db
    .select({ id: images.id, credit: images.credit })
    .from(images)
    .where(and(eq(images.objectId, objectId), eq(images.operation, "generated"), isNull(images.operationParams)))
    .orderBy(asc(images.createdAt), asc(images.position));
  return drawn.find((image) => sameDrawing(drawingOfCredit(image.credit), drawing))?.id;
}

/**
 * "Choose another drawing": keeps the person's choice on the object, so its later images (more
 * variations) redraw it, and draws one image of it at once with the preview engine, free, as the
 * object's cover. Choosing a drawing it was drawn from before makes that image the cover again
 * and draws nothing.
 */
export async function chooseDrawing(
  deps: ChooseDrawingDeps,
  options: { workspaceId: string; objectId: string; drawing: DrawingChoice },
): Promise<ObjectDetail> {
  const { db, storage } = deps;
  const { workspaceId } = options;
  const object = await requireOwnedObject(db, options);
  await requirePreviewCover(db, object);
  const detail = () => requireObjectDetail(db, { workspaceId, objectId: object.id, signer: deps.signer });

  const earlier = await drawnWith(db, object.id, options.drawing);
  if (earlier) {
    await keepChoice(db, object, { set: options.drawing.set, icon: options.drawing.icon }, earlier);
    return detail();
  }
  // Only a drawing not drawn before needs the object's request (its style, its set's subjects).
  const request = await objectDrawingRequest(db, object, { imageCount: await imagesOf(db, object.id) });
  const candidate = drawingCandidates(request).find((c) => sameDrawing(c, options.drawing));
  if (!candidate) throw new FieldError("icon", "Choose one of the drawings offered for this object.");
  const drawing = { set: candidate.set, icon: candidate.icon };

  const started = performance.now();
  const { images: made } = await createOfflineProvider().generate({ ...request, drawing });
  const image = made[0];
  if (!image) throw new AppError("internal", "The drawing could not be made. Please try again.");
  const meta = await sharp(image.data).metadata();
  const imageId = newId();
  const fileKey = `${objectFolder(workspaceId, object.styleId, object.id)}/${imageId}-drawing.${image.format}`;
  await storage.put(fileKey, image.data, `image/${image.format}`);
  const provider = createOfflineProvider();
  let winner: string | undefined;
  try {
    winner = await db.transaction(async (tx) => {
      // Choices for the same object take turns here; a later one finds the first one's image.
      const [still] = await tx.select({ id: objects.id }).from(objects).where(eq(objects.id, object.id)).for("update");
      if (!still) throw new AppError("not_found", "No such object.");
      const first = await drawnWith(tx, object.id, drawing);
      if (!first) {
        await tx.insert(images).values({
          id: imageId,
          ownerId: object.ownerId,
          styleId: object.styleId,
          objectId: object.id,
          jobId: null,
          position: 0,
          role: "object",
          subject: object.name,
          fileKey,
          width: meta.width ?? 0,
          height: meta.height ?? 0,
          format: image.format,
          hasAlpha: Boolean(meta.hasAlpha),
          bytes: image.data.length,
          seed: request.seed,
          provider: provider.id,
          model: provider.model,
          prompt: request.prompt,
          size: request.size,
          detail: request.detail,
          transparent: request.transparent,
          credits: 0,
          durationMs: Math.round(performance.now() - started),
          parentImageId: null,
          operation: "generated",
          operationParams: { drawing },
          credit: image.credit ?? null,
        });
      }
      await keepChoice(tx, object, drawing, first ?? imageId);
      return first;
    });
  } catch (error) {
    await storage.delete(fileKey);
    throw error;
  }
  if (winner) await storage.delete(fileKey);
  else void makeCardVariants(deps, { id: imageId, fileKey, data: image.data, width: meta.width ?? 0, onStage: true });
  return detail();
}

/** The choice, kept on the object, with the image drawn from it as its cover. */
async function keepChoice(
  db: Pick<Database, "update">,
  object: ObjectRecord,
  drawing: DrawingChoice,
  coverImageId: string,
): Promise<void> {
  await db.update(objects).set({ drawing, coverImageId, updatedAt: new Date() }).where(eq(objects.id, object.id));
}
