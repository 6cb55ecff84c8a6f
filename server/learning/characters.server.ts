import { and, asc, desc, eq } from "drizzle-orm";
import type { Actor } from "#domain/actor";
import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { characters } from "../db/schema";
import { newId } from "../ids.server";
import type { ProviderRegistry } from "../generation/providers/registry.server";
import type { FileStorage } from "../storage/storage.server";
import { characterFolder } from "../storage/folders.server";
import { addLibraryPictures } from "./pictures.server";
import { endTraining, openTrainingsOf } from "./training-records.server";
import { stopAtProvider } from "./trainings.server";

export type Character = typeof characters.$inferSelect;

/** A new character, with pictures copied from library images (an object's) when given. */
export async function createCharacter(
  deps: { db: Database; storage: FileStorage },
  options: { actor: Actor; name: string; description: string; imageIds: string[] },
): Promise<Character> {
  const { actor } = options;
  const [character] = await deps.db
    .insert(characters)
    .values({
      id: newId(),
      ownerId: actor.workspaceId,
      createdBy: actor.memberId,
      name: options.name,
      description: options.description,
    })
    .returning();
  if (options.imageIds.length > 0) {
    try {
      await addLibraryPictures(deps, {
        workspaceId: actor.workspaceId,
        subject: { learns: "character", id: character!.id },
        imageIds: options.imageIds,
      });
    } catch (error) {
      // A character is made whole or not at all.
      await deps.db.delete(characters).where(eq(characters.id, character!.id));
      throw error;
    }
  }
  return character!;
}

export function listCharacters(db: Database, workspaceId: string): Promise<Character[]> {
  return db
    .select()
    .from(characters)
    .where(eq(characters.ownerId, workspaceId))
    .orderBy(desc(characters.createdAt), asc(characters.id));
}

/** One of the workspace's characters; another workspace's is not found. */
export async function getCharacter(
  db: Database,
  options: { workspaceId: string; characterId: string },
): Promise<Character> {
  const [character] = await db
    .select()
    .from(characters)
    .where(and(eq(characters.id, options.characterId), eq(characters.ownerId, options.workspaceId)));
  if (!character) throw new AppError("not_found", "No such character.");
  return character;
}

export async function editCharacter(
  db: Database,
  options: { workspaceId: string; characterId: string; name?: string; description?: string },
): Promise<Character> {
  await getCharacter(db, options);
  const [updated] = await db
    .update(characters)
    .set({
      ...(options.name !== undefined ? { name: options.name } : {}),
      ...(options.description !== undefined ? { description: options.description } : {}),
      updatedAt: new Date(),
    })
    .where(eq(characters.id, options.characterId))
    .returning();
  return updated!;
}

/**
 * Deletes a character with its pictures and kept weights. Its open trainings are stopped at the
 * provider and refunded by the rule first; their rows stay, without it, as the record of the charge.
 */
export async function deleteCharacter(
  deps: { db: Database; storage: FileStorage; providers: ProviderRegistry },
  options: { workspaceId: string; characterId: string },
): Promise<void> {
  await getCharacter(deps.db, options);
  const subject = { learns: "character" as const, id: options.characterId };
  await stopOpenTrainings(deps, { workspaceId: options.workspaceId, subject }, "The character was deleted.");
  await deps.db
    .delete(characters)
    .where(and(eq(characters.id, options.characterId), eq(characters.ownerId, options.workspaceId)));
  await deps.storage.deletePrefix(characterFolder(options.workspaceId, options.characterId));
}

/** Ends a subject's open trainings as cancelled (refunded by the rule) and stops them at their provider. */
export async function stopOpenTrainings(
  deps: { db: Database; providers: ProviderRegistry },
  owned: Parameters<typeof openTrainingsOf>[1],
  why: string,
): Promise<void> {
  for (const row of await openTrainingsOf(deps.db, owned)) {
    await endTraining(deps.db, { id: row.id, ending: "cancelled", error: why });
    await stopAtProvider(deps.providers, row);
  }
}
