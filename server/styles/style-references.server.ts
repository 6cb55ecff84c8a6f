import { and, eq } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { limits } from "#domain/limits";
import { UPLOAD_ERROR_DETAILS } from "#domain/styles";
import type { Database } from "../db/client.server";
import { styleReferences, styles } from "../db/schema";
import type { FileStorage } from "../storage/storage.server";
import { cleanUploads, type UploadedFile } from "./create-style.server";
import { deriveDescription } from "./edit-style.server";
import { deleteImageFiles, putReferenceFiles, type StoredReference } from "./style-files.server";
import { stylePromptOf } from "./style-prompt.server";
import { getOwnedStyle } from "./styles.server";

type Deps = { db: Database; storage: FileStorage };

const atMost = (room: number) =>
  room > 0
    ? `This style has room for ${room} more reference ${room === 1 ? "image" : "images"} (at most ${limits.referenceImages}).`
    : `This style already has ${limits.referenceImages} reference images, the most it can have. Remove one first.`;

/** How many more reference images a style may take; throws not_found for another user's style. */
export async function referenceRoom(db: Database, options: { workspaceId: string; styleId: string }): Promise<number> {
  const style = await getOwnedStyle(db, options);
  if (!style) throw new AppError("not_found", "No such style.");
  const rows = await db
    .select({ id: styleReferences.id })
    .from(styleReferences)
    .where(eq(styleReferences.styleId, style.id));
  return limits.referenceImages - rows.length;
}

/**
 * Adds reference images to an existing style (cleaned like a new style's). The limit
 * is checked again under the style's row lock, so parallel additions cannot pass it;
 * files of a refused addition are removed.
 */
export async function addReferences(
  deps: Deps,
  options: { workspaceId: string; styleId: string; files: UploadedFile[] },
): Promise<StoredReference[]> {
  const { workspaceId, styleId, files } = options;
  if (files.length === 0) throw new AppError("bad_request", "Add at least one reference image.", UPLOAD_ERROR_DETAILS);
  const room = await referenceRoom(deps.db, options);
  if (files.length > room) throw new AppError("conflict", atMost(room), UPLOAD_ERROR_DETAILS);
  const cleaned = await cleanUploads(files);
  const stored = await putReferenceFiles(deps.storage, { workspaceId, styleId, images: cleaned });
  try {
    await deps.db.transaction(async (tx) => {
      const [style] = await tx
        .select({ id: styles.id })
        .from(styles)
        .where(and(eq(styles.id, styleId), eq(styles.ownerId, workspaceId)))
        .for("update");
      if (!style) throw new AppError("not_found", "No such style.");
      const existing = await tx
        .select({ position: styleReferences.position })
        .from(styleReferences)
        .where(eq(styleReferences.styleId, styleId));
      const last = Math.max(-1, ...existing.map((r) => r.position));
      if (existing.length + stored.length > limits.referenceImages)
        throw new AppError("conflict", atMost(limits.referenceImages - existing.length), UPLOAD_ERROR_DETAILS);
      await tx
        .insert(styleReferences)
        .values(stored.map((ref, i) => ({ ...ref, styleId, ownerId: workspaceId, position: last + 1 + i })));
    });
  } catch (error) {
    await deleteImageFiles(
      deps.storage,
      stored.map((r) => r.fileKey),
    );
    throw error;
  }
  await refreshDerivedDescription(deps, { workspaceId, styleId });
  return stored;
}

/**
 * Removes one reference image, with its files. A style made from images keeps at
 * least one (it may have no description to fall back on).
 */
export async function removeReference(
  deps: Deps,
  options: { workspaceId: string; styleId: string; referenceId: string },
): Promise<void> {
  const { workspaceId, styleId, referenceId } = options;
  const removed = await deps.db.transaction(async (tx) => {
    const [style] = await tx
      .select({ id: styles.id, source: styles.source, description: styles.description })
      .from(styles)
      .where(and(eq(styles.id, styleId), eq(styles.ownerId, workspaceId)))
      .for("update");
    if (!style) throw new AppError("not_found", "No such style.");
    const refs = await tx
      .select({ id: styleReferences.id, fileKey: styleReferences.fileKey })
      .from(styleReferences)
      .where(eq(styleReferences.styleId, styleId));
    const ref = refs.find((r) => r.id === referenceId);
    if (!ref) throw new AppError("not_found", "No such reference image.");
    if (refs.length === 1 && (style.source === "image" || !style.description)) {
      throw new AppError(
        "conflict",
        "A style made from reference images keeps at least one. Add another before removing this one.",
      );
    }
    await tx.delete(styleReferences).where(eq(styleReferences.id, ref.id));
    return ref;
  });
  await deleteImageFiles(deps.storage, [removed.fileKey]);
  await refreshDerivedDescription(deps, { workspaceId, styleId });
}

/** A style without a description reads its words from its references again when they change. */
async function refreshDerivedDescription(deps: Deps, options: { workspaceId: string; styleId: string }): Promise<void> {
  const style = await getOwnedStyle(deps.db, options);
  if (!style || style.description) return;
  const derivedDescription = (await deriveDescription(deps, style.id)) ?? style.derivedDescription;
  await deps.db
    .update(styles)
    .set({ derivedDescription, prompt: stylePromptOf({ ...style, derivedDescription }) })
    .where(eq(styles.id, style.id));
}
