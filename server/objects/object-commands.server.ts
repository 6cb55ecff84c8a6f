import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "#domain/errors";
import type { updateObjectSchema } from "#domain/objects";
import type { Database } from "../db/client.server";
import { images, objects } from "../db/schema";
import type { FileStorage } from "../storage/storage.server";
import { objectFolder } from "../storage/folders.server";
import { requireOwnedObject } from "./object-records.server";

/** Renames an object or chooses its cover (one of its own images). */
export async function updateObject(
  db: Database,
  options: { workspaceId: string; objectId: string; changes: z.output<typeof updateObjectSchema> },
) {
  const object = await requireOwnedObject(db, options);
  const { name, coverImageId } = options.changes;
  if (coverImageId) {
    const [image] = await db
      .select({ id: images.id })
      .from(images)
      .where(and(eq(images.id, coverImageId), eq(images.objectId, object.id)));
    if (!image) throw new AppError("bad_request", "The cover must be one of this object's images.");
  }
  await db
    .update(objects)
    .set({ ...(name ? { name } : {}), ...(coverImageId ? { coverImageId } : {}), updatedAt: new Date() })
    .where(eq(objects.id, object.id));
}

/**
 * Deletes an object, its images and their files. A job still making its images
 * stores nothing more for it, and refunds what it does not make.
 */
export async function deleteObject(
  deps: { db: Database; storage: FileStorage },
  options: { workspaceId: string; objectId: string },
) {
  const object = await requireOwnedObject(deps.db, options);
  await deps.db.delete(objects).where(eq(objects.id, object.id));
  await deps.storage.deletePrefix(objectFolder(object.ownerId, object.styleId, object.id));
}
