import type { Actor } from "#domain/actor";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { ImageOperation, ImageOperationParams } from "#domain/image-lineage";
import type { CreditReason } from "#domain/credits";
import { AppError } from "#domain/errors";
import type { ObjectImageView } from "#domain/objects";
import { canSpend, publishBalance, spendingRefusal } from "../credits/credits.server";
import { chargeCredits } from "../credits/ledger.server";
import type { Database } from "../db/client.server";
import { images, objects, workspaceBalances } from "../db/schema";
import { newId } from "../ids.server";
import type { ImageUrlSigner } from "../images/signed-urls.server";
import type { FileStorage } from "../storage/storage.server";
import { nativeSvgKey, objectFolder } from "../storage/folders.server";
import { requireObjectDetail } from "./object-queries.server";
import { requireOwnedObject, type ObjectRecord } from "./object-records.server";

type ImageRecord = typeof images.$inferSelect;

export interface DerivedImageDeps {
  db: Database;
  storage: FileStorage;
  signer: ImageUrlSigner;
}

/** An operation on one image of an object that makes a new image from it, once. */
export interface Derivation {
  operation: Exclude<ImageOperation, "generated">;
  params: ImageOperationParams | null;
  /** The file name's ending, after the new image's id: "-no-background", "-x4". */
  suffix: string;
  /** Whether the new image has transparency whatever its source had: a tile fills its square, an animation's frames stand on a clear ground. */
  hasAlpha?: boolean;
  /** Taken once, with the new image's record; none for a free operation. */
  charge?: { price: number; reason: CreditReason; actor: Actor };
}

/** What an operation made: the PNG, and the native SVG it made beside it (a recolour of a vector original). */
export interface DerivedResult {
  data: Buffer;
  width: number;
  height: number;
  svg?: string;
}

/** The image `derivation` already made from `sourceId`, if there is one. */
async function madeFrom(
  db: Pick<Database, "select">,
  sourceId: string,
  derivation: Pick<Derivation, "operation" | "params">,
): Promise<string | undefined> {
  const [made] = await db
    .select({ id: images.id })
    .from(images)
    .where(
      and(
        eq(images.parentImageId, sourceId),
        eq(images.operation, derivation.operation),
        derivation.params
          ? sql`${images.operationParams} = ${JSON.stringify(derivation.params)}::jsonb`
          : isNull(images.operationParams),
      ),
    )
    .limit(1);
  return made?.id;
}

/**
 * A new image of an object made from one of its images by `derivation` (a background removal,
 * an upscale). Its result is defined by the source image and the operation, not by the request:
 * when the same operation was done on that image already (or is being done by a request that gets
 * there first), the answer is that image (`existing`), and nothing is charged again. The price is
 * said before any work, and taken once in the transaction that records the new image, after its
 * file is written: a refusal or a failure costs nothing and leaves no file.
 */
export async function deriveObjectImage(
  deps: DerivedImageDeps,
  options: { workspaceId: string; objectId: string; imageId: string },
  derivation: Derivation,
  make: (source: ImageRecord, original: Buffer) => Promise<DerivedResult>,
): Promise<{ image: ObjectImageView; existing: boolean }> {
  const { db, storage } = deps;
  const { workspaceId } = options;
  const price = derivation.charge?.price ?? 0;
  const object = await requireOwnedObject(db, options);
  const [source] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, options.imageId), eq(images.objectId, object.id), eq(images.ownerId, workspaceId)));
  if (!source) throw new AppError("not_found", "No such image.");
  const viewOf = async (imageId: string) => {
    const detail = await requireObjectDetail(db, { workspaceId, objectId: object.id, signer: deps.signer });
    const image = detail.images.find((i) => i.id === imageId);
    if (!image) throw new AppError("not_found", "No such object.");
    return image;
  };
  const earlier = await madeFrom(db, source.id, derivation);
  if (earlier) return { image: await viewOf(earlier), existing: true };
  // Said before any work is done; the charge below checks again under the row lock.
  if (price > 0) {
    const [payable] = await db
      .select({ id: workspaceBalances.id })
      .from(workspaceBalances)
      .where(and(eq(workspaceBalances.id, workspaceId), canSpend(price)));
    if (!payable) throw await spendingRefusal(db, { workspaceId, price });
  }
  const original = await storage.read(source.fileKey);
  if (!original) throw new AppError("not_found", "No such image.");

  const started = performance.now();
  const result = await make(source, original);
  const durationMs = Math.round(performance.now() - started);

  const imageId = newId();
  const fileKey = `${objectFolder(workspaceId, object.styleId, object.id)}/${imageId}${derivation.suffix}.png`;
  await storage.put(fileKey, result.data, "image/png");
  const svgKey = result.svg ? nativeSvgKey(fileKey) : null;
  if (svgKey) await storage.put(svgKey, Buffer.from(result.svg!), "image/svg+xml");
  const discard = async () => {
    await storage.delete(fileKey);
    if (svgKey) await storage.delete(svgKey);
  };
  let winner: string | undefined;
  try {
    winner = await db.transaction(async (tx) => {
      // The object may have been deleted while we worked: then nothing is stored or charged.
      const [still] = await tx.select({ id: objects.id }).from(objects).where(eq(objects.id, object.id)).for("share");
      if (!still) throw new AppError("not_found", "No such object.");
      // Requests for the same source take turns here; a later one finds the first one's image.
      const [held] = await tx.select({ id: images.id }).from(images).where(eq(images.id, source.id)).for("update");
      if (!held) throw new AppError("not_found", "No such image.");
      const first = await madeFrom(tx, source.id, derivation);
      if (first) return first;
      await tx
        .insert(images)
        .values(derivedRecord(object, source, { imageId, fileKey, svgKey, durationMs, result, derivation }));
      const { charge } = derivation;
      if (!charge || price === 0) return undefined;
      await chargeCredits(tx, { actor: charge.actor, amount: price, reason: charge.reason, ref: imageId });
      return undefined;
    });
  } catch (error) {
    await discard();
    throw error;
  }
  if (winner) {
    await discard();
    return { image: await viewOf(winner), existing: true };
  }
  if (price > 0) await publishBalance(db, workspaceId);
  return { image: await viewOf(imageId), existing: false };
}

/** The new image's record: the source's subject, prompt and engine, its own file and lineage. */
function derivedRecord(
  object: ObjectRecord,
  source: ImageRecord,
  made: {
    imageId: string;
    fileKey: string;
    svgKey: string | null;
    durationMs: number;
    result: DerivedResult;
    derivation: Derivation;
  },
): typeof images.$inferInsert {
  const { derivation, result } = made;
  return {
    id: made.imageId,
    ownerId: source.ownerId,
    styleId: source.styleId,
    objectId: object.id,
    jobId: null,
    position: 0,
    role: "object",
    subject: source.subject,
    fileKey: made.fileKey,
    width: result.width,
    height: result.height,
    format: "png",
    hasAlpha: derivation.hasAlpha ?? (derivation.operation === "background-removed" || source.hasAlpha),
    bytes: result.data.length,
    seed: source.seed,
    // Still the engine's picture: previews stay labelled as previews.
    provider: source.provider,
    model: source.model,
    prompt: source.prompt,
    size: source.size,
    detail: source.detail,
    transparent: derivation.hasAlpha ?? (derivation.operation === "background-removed" || source.transparent),
    credits: derivation.charge?.price ?? 0,
    durationMs: made.durationMs,
    parentImageId: source.id,
    operation: derivation.operation,
    operationParams: derivation.params,
    credit: source.credit,
    svgKey: made.svgKey,
  };
}
