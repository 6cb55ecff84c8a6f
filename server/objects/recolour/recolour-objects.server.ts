import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { RECOLOUR_MAX_OBJECTS, type RecolourObjectsInput, type RecolourObjectsReply } from "#domain/recolour";
import type { Database } from "../../db/client.server";
import { images, objects } from "../../db/schema";
import { deriveObjectImage, type DerivedImageDeps } from "../derived-images.server";
import { updateObject } from "../object-commands.server";
import { recolourImage } from "./recolour-image.server";

/** The chosen objects of the workspace, oldest first; every id asked for must be one of them. */
async function chosenObjects(db: Database, workspaceId: string, input: RecolourObjectsInput) {
  const which: SQL = input.ids
    ? inArray(objects.id, input.ids)
    : input.setId
      ? eq(objects.setId, input.setId)
      : eq(objects.styleId, input.styleId!);
  const rows = await db
    .select({ id: objects.id, coverImageId: objects.coverImageId })
    .from(objects)
    .where(and(eq(objects.ownerId, workspaceId), which))
    .orderBy(asc(objects.createdAt), asc(objects.id));
  if (rows.length === 0 || (input.ids && rows.length < new Set(input.ids).size))
    throw new AppError("not_found", "No such objects.");
  if (rows.length > RECOLOUR_MAX_OBJECTS)
    throw new AppError(
      "conflict",
      `These are ${rows.length} objects; recolour at most ${RECOLOUR_MAX_OBJECTS} at once: select fewer.`,
    );
  return rows;
}

/**
 * The image to recolour: the object's cover (its first image when it has none yet), or, when the
 * cover is itself a recolour, the image that was recoloured, so palettes are always taken from
 * the drawn colours (nothing is lost going from two colours back to five) and asking for the
 * same palette again finds the image made then.
 */
async function sourceOf(db: Database, object: { id: string; coverImageId: string | null }) {
  const [cover] = await db
    .select({ id: images.id, operation: images.operation, parentImageId: images.parentImageId })
    .from(images)
    .where(and(eq(images.objectId, object.id), object.coverImageId ? eq(images.id, object.coverImageId) : undefined))
    .orderBy(asc(images.createdAt))
    .limit(1);
  if (!cover) return null;
  return cover.operation === "recoloured" && cover.parentImageId ? cover.parentImageId : cover.id;
}

/**
 * A set, a selection or a style's objects in another palette, now and free (no model is asked):
 * each object's cover is recoloured into a new image of the object, with the lineage
 * "recoloured", and that image becomes its cover, so the set is seen in its new colours at once
 * and the old cover stays among its images to go back to.
 */
export async function recolourObjects(
  deps: DerivedImageDeps,
  options: { workspaceId: string; input: RecolourObjectsInput },
): Promise<RecolourObjectsReply> {
  const { workspaceId, input } = options;
  const chosen = await chosenObjects(deps.db, workspaceId, input);
  const reply: RecolourObjectsReply = { recoloured: [], skipped: [] };
  // One at a time: each is quick, and the machine is shared with whatever else runs.
  for (const object of chosen) {
    const imageId = await sourceOf(deps.db, object);
    if (!imageId) {
      reply.skipped.push(object.id);
      continue;
    }
    const { image, existing } = await deriveObjectImage(
      deps,
      { workspaceId, objectId: object.id, imageId },
      { operation: "recoloured", params: { palette: input.palette }, suffix: "-recoloured" },
      async (source, original) => {
        const svg = source.svgKey ? await deps.storage.read(source.svgKey) : null;
        return recolourImage(original, input.palette, { svg: svg?.toString("utf8") });
      },
    );
    await updateObject(deps.db, { workspaceId, objectId: object.id, changes: { coverImageId: image.id } });
    reply.recoloured.push({ objectId: object.id, image, existing });
  }
  return reply;
}
