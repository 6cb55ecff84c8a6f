import { and, eq } from "drizzle-orm";
import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { objects } from "../db/schema";

export type ObjectRecord = typeof objects.$inferSelect;

/** One of the user's objects, or not_found (someone else's looks the same). */
export async function requireOwnedObject(
  db: Database,
  options: { workspaceId: string; objectId: string },
): Promise<ObjectRecord> {
  const [object] = await db
    .select()
    .from(objects)
    .where(and(eq(objects.id, options.objectId), eq(objects.ownerId, options.workspaceId)));
  if (!object) throw new AppError("not_found", "No such object.");
  return object;
}
