import type { ImageUrlSigner } from "../images/signed-urls.server";
import { assertWithinKeyCap } from "../api-keys/api-keys.server";
import { and, eq, sql } from "drizzle-orm";
import { AppError } from "#domain/errors";
import type { ObjectImageView } from "#domain/objects";
import type { Database } from "../db/client.server";
import { creditLedger, images, objects, users } from "../db/schema";
import { canSpend, publishBalance, spendingRefusal } from "../credits/credits.server";
import { MatteError } from "../generation/pipeline/matte.server";
import type { MattingModel } from "../generation/pipeline/matting-model.server";
import { removeFlatBackground } from "../generation/pipeline/remove-background.server";
import { hasRealAlpha } from "../generation/store-image.server";
import { newId } from "../ids.server";
import type { FileStorage } from "../storage/storage.server";
import { objectFolder } from "./object-files.server";
import { requireOwnedObject } from "./object-records.server";
import { requireObjectDetail } from "./object-queries.server";

/** The background-removed image already made from `sourceId`, if there is one. */
async function madeFrom(db: Pick<Database, "select">, sourceId: string): Promise<string | undefined> {
  const [made] = await db.select({ id: images.id }).from(images).where(eq(images.parentImageId, sourceId)).limit(1);
  return made?.id;
}

/**
 * "Remove background" on one of an object's images: a new, transparent variant of the
 * object. The price is taken once, in the same transaction that records the new image,
 * after its file is written: a refusal or a failure costs nothing and leaves no file.
 * Its result is defined by the source image, not by the request: when that image's
 * background was removed already (or is being removed by a request that gets there
 * first), the answer is that image (`existing`), and nothing is charged again.
 */
export async function removeImageBackground(
  deps: { db: Database; storage: FileStorage; matting?: MattingModel; signer: ImageUrlSigner },
  options: { userId: string; objectId: string; imageId: string; price: number; apiKeyId?: string | null },
): Promise<{ image: ObjectImageView; existing: boolean }> {
  const { db, storage } = deps;
  const { userId, price } = options;
  const object = await requireOwnedObject(db, options);
  const [source] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, options.imageId), eq(images.objectId, object.id), eq(images.ownerId, userId)));
  if (!source) throw new AppError("not_found", "No such image.");
  const viewOf = async (imageId: string) => {
    const detail = await requireObjectDetail(db, { userId, objectId: object.id, signer: deps.signer });
    const image = detail.images.find((i) => i.id === imageId);
    if (!image) throw new AppError("not_found", "No such object.");
    return image;
  };
  const earlier = await madeFrom(db, source.id);
  if (earlier) return { image: await viewOf(earlier), existing: true };
  // Said before any work is done; the charge below checks again under the row lock.
  if (price > 0) {
    const [payable] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), canSpend(price)));
    if (!payable) throw await spendingRefusal(db, { userId, price });
  }
  const original = await storage.read(source.fileKey);
  if (!original) throw new AppError("not_found", "No such image.");
  if (await hasRealAlpha(original)) throw new AppError("conflict", "This image's background is already transparent.");

  const started = performance.now();
  let result;
  try {
    result = await removeFlatBackground(original, { matting: deps.matting });
  } catch (error) {
    if (error instanceof MatteError) throw new AppError("bad_request", error.message);
    throw error;
  }
  const durationMs = Math.round(performance.now() - started);

  const imageId = newId();
  const fileKey = `${objectFolder(userId, object.styleId, object.id)}/${imageId}-no-background.png`;
  await storage.put(fileKey, result.data, "image/png");
  let winner: string | undefined;
  try {
    winner = await db.transaction(async (tx) => {
      // The object may have been deleted while we worked: then nothing is stored or charged.
      const [still] = await tx.select({ id: objects.id }).from(objects).where(eq(objects.id, object.id)).for("share");
      if (!still) throw new AppError("not_found", "No such object.");
      // Requests for the same source take turns here; a later one finds the first one's image.
      const [held] = await tx.select({ id: images.id }).from(images).where(eq(images.id, source.id)).for("update");
      if (!held) throw new AppError("not_found", "No such image.");
      const first = await madeFrom(tx, source.id);
      if (first) return first;
      await tx.insert(images).values({
        id: imageId,
        ownerId: userId,
        styleId: source.styleId,
        objectId: object.id,
        jobId: null,
        position: 0,
        role: "object",
        subject: source.subject,
        fileKey,
        width: source.width,
        height: source.height,
        format: "png",
        hasAlpha: true,
        bytes: result.data.length,
        seed: source.seed,
        // Still the engine's picture, with its background taken out: previews stay labelled as previews.
        provider: source.provider,
        model: source.model,
        prompt: source.prompt,
        size: source.size,
        detail: source.detail,
        transparent: true,
        credits: price,
        durationMs,
        parentImageId: source.id,
      });
      if (price === 0) return undefined;
      if (options.apiKeyId) await assertWithinKeyCap(tx, { keyId: options.apiKeyId, price });
      const [charged] = await tx
        .update(users)
        .set({ credits: sql`${users.credits} - ${price}`, updatedAt: new Date() })
        .where(and(eq(users.id, userId), canSpend(price)))
        .returning({ credits: users.credits });
      if (!charged) throw await spendingRefusal(tx, { userId, price });
      await tx.insert(creditLedger).values({
        userId,
        delta: -price,
        reason: "background_removal",
        ref: imageId,
        balanceAfter: charged.credits,
        apiKeyId: options.apiKeyId ?? null,
      });
      return undefined;
    });
  } catch (error) {
    await storage.delete(fileKey);
    throw error;
  }
  if (winner) {
    await storage.delete(fileKey);
    return { image: await viewOf(winner), existing: true };
  }
  if (price > 0) await publishBalance(db, userId);
  return { image: await viewOf(imageId), existing: false };
}
