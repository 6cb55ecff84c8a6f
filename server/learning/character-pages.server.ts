import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { characters, images, learningPictures, objects, trainings } from "../db/schema";

/** A character's card: its name, first picture, how many it has and whether a model has learned it. */
export interface CharacterCard {
  id: string;
  name: string;
  description: string;
  cover: string | null;
  pictureCount: number;
  trained: boolean;
}

/** The workspace's characters as the Characters page lists them, newest first. */
export async function characterCards(db: Database, workspaceId: string): Promise<CharacterCard[]> {
  const rows = await db
    .select()
    .from(characters)
    .where(eq(characters.ownerId, workspaceId))
    .orderBy(desc(characters.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [pictures, trained] = await Promise.all([
    db
      .select({ id: learningPictures.id, characterId: learningPictures.characterId })
      .from(learningPictures)
      .where(inArray(learningPictures.characterId, ids))
      .orderBy(asc(learningPictures.position)),
    db
      .select({ characterId: trainings.characterId })
      .from(trainings)
      .where(and(inArray(trainings.characterId, ids), eq(trainings.status, "succeeded"))),
  ]);
  const trainedIds = new Set(trained.map((row) => row.characterId));
  return rows.map((row) => {
    const own = pictures.filter((p) => p.characterId === row.id);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      cover: own[0] ? `/api/files/picture/${own[0].id}` : null,
      pictureCount: own.length,
      trained: trainedIds.has(row.id),
    };
  });
}

/** An object of the workspace a new character starts from: its name and its cover (or newest) image. */
export async function characterSeed(db: Database, options: { workspaceId: string; objectId: string }) {
  const [object] = await db
    .select({ name: objects.name, coverImageId: objects.coverImageId })
    .from(objects)
    .where(and(eq(objects.id, options.objectId), eq(objects.ownerId, options.workspaceId)));
  if (!object) return null;
  const [newest] = object.coverImageId
    ? [{ id: object.coverImageId }]
    : await db
        .select({ id: images.id })
        .from(images)
        .where(eq(images.objectId, options.objectId))
        .orderBy(desc(images.createdAt))
        .limit(1);
  return newest ? { objectId: options.objectId, name: object.name, imageId: newest.id } : null;
}
