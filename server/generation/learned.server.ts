import { and, asc, desc, eq } from "drizzle-orm";
import { strengthRange } from "#domain/training";
import type { Database } from "../db/client.server";
import { characters, learningPictures, trainings } from "../db/schema";
import type { FileStorage } from "../storage/storage.server";
import type { LearnedModel, ReferenceImage } from "./providers/provider";
import { readReferences } from "./references.server";

/** A character as a job draws it: its identity pictures (sent first), its words, and how strongly. */
export interface JobCharacter {
  references: ReferenceImage[];
  words: string;
}

/**
 * The model a style or character draws with on `provider`: its newest training there that
 * succeeded, at `strength` (1 when not given). None when it has none or the strength is 0.
 */
export async function learnedModelFor(
  db: Database,
  options: { styleId?: string | null; characterId?: string | null; provider: string; strength?: number },
): Promise<LearnedModel | undefined> {
  const scale = options.strength ?? strengthRange.standard;
  if (scale <= 0) return undefined;
  const owner = options.characterId
    ? eq(trainings.characterId, options.characterId)
    : options.styleId
      ? eq(trainings.styleId, options.styleId)
      : null;
  if (!owner) return undefined;
  const [row] = await db
    .select({ ref: trainings.modelRef, triggerWord: trainings.triggerWord })
    .from(trainings)
    .where(and(owner, eq(trainings.provider, options.provider), eq(trainings.status, "succeeded")))
    .orderBy(desc(trainings.finishedAt))
    .limit(1);
  return row?.ref ? { ref: row.ref, triggerWord: row.triggerWord, scale } : undefined;
}

/**
 * A character's pictures and words for a job. With no separate parameter for a character at the
 * provider, its strength is approximate: it decides how many of its pictures go first among the
 * references (1 at 0.5, 2 at 1, 3 at 1.5) and how closely the words ask the model to keep to them.
 */
export async function characterForJob(
  ctx: { db: Database; storage: FileStorage },
  options: { characterId: string; strength: number },
): Promise<JobCharacter | null> {
  if (options.strength <= 0) return null;
  const [character] = await ctx.db.select().from(characters).where(eq(characters.id, options.characterId));
  if (!character) return null;
  const pictures = await ctx.db
    .select({ fileKey: learningPictures.fileKey })
    .from(learningPictures)
    .where(eq(learningPictures.characterId, character.id))
    .orderBy(asc(learningPictures.position))
    .limit(Math.max(1, Math.round(options.strength * 2)));
  const references = await readReferences(
    ctx.storage,
    pictures.map((p) => ({ ...p, format: "png" })),
  );
  const who = character.description ? `${character.name}, ${character.description}` : character.name;
  const words =
    options.strength >= 1
      ? `The subject is ${who}: keep exactly the character of the first reference ${references.length === 1 ? "image" : "images"} (face, build, clothing, colours).`
      : `The subject is ${who}, loosely after the first reference image.`;
  return { references, words };
}
