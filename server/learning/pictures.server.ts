import { and, asc, eq, inArray } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { trainingLimits } from "#domain/training";
import { UPLOAD_ERROR_DETAILS } from "#domain/styles";
import type { Database } from "../db/client.server";
import { images, learningPictures } from "../db/schema";
import { newId } from "../ids.server";
import type { FileStorage } from "../storage/storage.server";
import { cleanUploads, type UploadedFile } from "../styles/create-style.server";
import { cleanReferenceImage } from "../styles/uploads.server";
import { learningFolder, requireSubject, type LearningSubject } from "./subject.server";

type Deps = { db: Database; storage: FileStorage };
export type LearningPicture = typeof learningPictures.$inferSelect;

const subjectColumn = (subject: LearningSubject) =>
  subject.learns === "style" ? eq(learningPictures.styleId, subject.id) : eq(learningPictures.characterId, subject.id);

/** The subject's pictures in their order (a character's references: its identity, first ones first). */
export async function listPictures(db: Database, subject: LearningSubject): Promise<LearningPicture[]> {
  return db
    .select()
    .from(learningPictures)
    .where(subjectColumn(subject))
    .orderBy(asc(learningPictures.position), asc(learningPictures.createdAt));
}

/** How many more pictures the subject may keep. */
export async function pictureRoom(db: Database, subject: LearningSubject): Promise<number> {
  return trainingLimits.maxPictures - (await listPictures(db, subject)).length;
}

const roomMessage = (room: number) =>
  room > 0
    ? `There is room for ${room} more ${room === 1 ? "picture" : "pictures"} (at most ${trainingLimits.maxPictures}).`
    : `This already has ${trainingLimits.maxPictures} pictures, the most it can have. Remove one first.`;

/** Uploaded pictures, checked by their content and cleaned as a style's references are, then kept. */
export async function addUploadedPictures(
  deps: Deps,
  options: { workspaceId: string; subject: LearningSubject; files: UploadedFile[] },
): Promise<LearningPicture[]> {
  if (options.files.length === 0) throw new AppError("bad_request", "Add at least one picture.", UPLOAD_ERROR_DETAILS);
  await requireSubject(deps.db, options);
  const room = await pictureRoom(deps.db, options.subject);
  if (options.files.length > room) throw new AppError("conflict", roomMessage(room), UPLOAD_ERROR_DETAILS);
  const cleaned = await cleanUploads(options.files);
  return keepPictures(deps, { ...options, pictures: cleaned.map((image) => ({ ...image, sourceImageId: null })) });
}

/** Copies of images from the workspace's library (an object's images), kept as the subject's pictures. */
export async function addLibraryPictures(
  deps: Deps,
  options: { workspaceId: string; subject: LearningSubject; imageIds: string[] },
): Promise<LearningPicture[]> {
  await requireSubject(deps.db, options);
  const ids = [...new Set(options.imageIds)];
  const room = await pictureRoom(deps.db, options.subject);
  if (ids.length > room) throw new AppError("conflict", roomMessage(room));
  const rows = ids.length
    ? await deps.db
        .select({ id: images.id, fileKey: images.fileKey })
        .from(images)
        .where(and(inArray(images.id, ids), eq(images.ownerId, options.workspaceId)))
    : [];
  if (rows.length !== ids.length) throw new AppError("not_found", "No such image.");
  const pictures = [];
  for (const id of ids) {
    const row = rows.find((r) => r.id === id)!;
    const file = await deps.storage.read(row.fileKey);
    if (!file) throw new AppError("not_found", "No such image.");
    pictures.push({ ...(await cleanReferenceImage(file, `${id}.png`)), sourceImageId: id });
  }
  return keepPictures(deps, { ...options, pictures });
}

async function keepPictures(
  deps: Deps,
  options: {
    workspaceId: string;
    subject: LearningSubject;
    pictures: { data: Buffer; width: number; height: number; sourceImageId: string | null }[];
  },
): Promise<LearningPicture[]> {
  const { workspaceId, subject } = options;
  const folder = `${learningFolder(workspaceId, subject)}/pictures`;
  const stored: { id: string; fileKey: string; picture: (typeof options.pictures)[number] }[] = [];
  for (const picture of options.pictures) {
    const id = newId();
    const fileKey = `${folder}/${id}.png`;
    await deps.storage.put(fileKey, picture.data, "image/png");
    stored.push({ id, fileKey, picture });
  }
  try {
    return await deps.db.transaction(async (tx) => {
      const existing = await tx
        .select({ position: learningPictures.position })
        .from(learningPictures)
        .where(subjectColumn(subject));
      if (existing.length + stored.length > trainingLimits.maxPictures) {
        throw new AppError("conflict", roomMessage(trainingLimits.maxPictures - existing.length), UPLOAD_ERROR_DETAILS);
      }
      const last = Math.max(-1, ...existing.map((r) => r.position));
      return tx
        .insert(learningPictures)
        .values(
          stored.map(({ id, fileKey, picture }, i) => ({
            id,
            ownerId: workspaceId,
            styleId: subject.learns === "style" ? subject.id : null,
            characterId: subject.learns === "character" ? subject.id : null,
            sourceImageId: picture.sourceImageId,
            fileKey,
            width: picture.width,
            height: picture.height,
            bytes: picture.data.length,
            position: last + 1 + i,
          })),
        )
        .returning();
    });
  } catch (error) {
    // Nothing was kept: no file stays without its row.
    await Promise.all(stored.map(({ fileKey }) => deps.storage.delete(fileKey)));
    throw error;
  }
}

/** Removes one of the subject's pictures and its file. */
export async function removePicture(
  deps: Deps,
  options: { workspaceId: string; subject: LearningSubject; pictureId: string },
): Promise<void> {
  await requireSubject(deps.db, options);
  const [removed] = await deps.db
    .delete(learningPictures)
    .where(and(eq(learningPictures.id, options.pictureId), subjectColumn(options.subject)))
    .returning({ fileKey: learningPictures.fileKey });
  if (!removed) throw new AppError("not_found", "No such picture.");
  await deps.storage.delete(removed.fileKey);
}
