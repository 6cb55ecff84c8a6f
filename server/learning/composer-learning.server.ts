import { and, asc, desc, eq } from "drizzle-orm";
import type { ComposerLearningView } from "#domain/training";
import type { Database } from "../db/client.server";
import { characters, trainings } from "../db/schema";

/**
 * The composer's learning choices for a workspace, read with the create page (kept under the
 * workspace's data version, which characters and trainings move): its characters, and the models
 * each character and style was trained on.
 */
export async function readComposerLearning(db: Database, workspaceId: string): Promise<ComposerLearningView> {
  const [named, trained] = await Promise.all([
    db
      .select({ id: characters.id, name: characters.name })
      .from(characters)
      .where(eq(characters.ownerId, workspaceId))
      .orderBy(desc(characters.createdAt), asc(characters.id)),
    db
      .selectDistinct({ styleId: trainings.styleId, characterId: trainings.characterId, provider: trainings.provider })
      .from(trainings)
      .where(and(eq(trainings.ownerId, workspaceId), eq(trainings.status, "succeeded")))
      .orderBy(asc(trainings.provider)),
  ]);
  // One pass over the trained rows, grouped by what was trained (rows come sorted by provider).
  const styleTrainedOn: Record<string, string[]> = {};
  const characterTrainedOn: Record<string, string[]> = {};
  for (const { styleId, characterId, provider } of trained) {
    if (styleId) (styleTrainedOn[styleId] ??= []).push(provider);
    if (characterId) (characterTrainedOn[characterId] ??= []).push(provider);
  }
  return {
    characters: named.map(({ id, name }) => ({ id, name, trainedOn: characterTrainedOn[id] ?? [] })),
    styleTrainedOn,
  };
}
