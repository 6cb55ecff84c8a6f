import { and, asc, eq, inArray } from "drizzle-orm";
import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { generationJobs, images, objects } from "../db/schema";

export interface MadeImage {
  id: string;
  /** The object it shows (null for a style's sample image). */
  objectId: string | null;
  subject: string;
  width: number;
  height: number;
  fileKey: string;
}

const columns = {
  id: images.id,
  objectId: images.objectId,
  subject: images.subject,
  width: images.width,
  height: images.height,
  fileKey: images.fileKey,
};

/** The images one of the user's jobs has made so far, in the order made; another user's job is "No such job." */
export async function imagesOfJob(db: Database, options: { workspaceId: string; jobId: string }): Promise<MadeImage[]> {
  const [job] = await db
    .select({ id: generationJobs.id })
    .from(generationJobs)
    .where(and(eq(generationJobs.id, options.jobId), eq(generationJobs.ownerId, options.workspaceId)));
  if (!job) throw new AppError("not_found", "No such job.");
  return db
    .select(columns)
    .from(images)
    .where(and(eq(images.jobId, job.id), eq(images.ownerId, options.workspaceId)))
    .orderBy(asc(images.position), asc(images.createdAt));
}

/** Every image of the user's objects, object by object in the order asked; any other id is "No such object." */
export async function imagesOfObjects(
  db: Database,
  options: { workspaceId: string; objectIds: string[] },
): Promise<MadeImage[]> {
  const ids = [...new Set(options.objectIds)];
  const owned = await db
    .select({ id: objects.id })
    .from(objects)
    .where(and(inArray(objects.id, ids), eq(objects.ownerId, options.workspaceId)));
  if (owned.length !== ids.length) throw new AppError("not_found", "No such object.");
  const rows = await db
    .select(columns)
    .from(images)
    .where(and(inArray(images.objectId, ids), eq(images.ownerId, options.workspaceId)))
    .orderBy(asc(images.createdAt), asc(images.position));
  return ids.flatMap((id) => rows.filter((row) => row.objectId === id));
}
