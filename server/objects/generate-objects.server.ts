import type { Actor } from "#domain/actor";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { AppError, FieldError } from "#domain/errors";
import { type ObjectImagesParams } from "#domain/jobs";
import type { generateObjectsSchema } from "#domain/objects";
import { presetFromStyleId } from "#domain/presets";
import { characters, objects, styles } from "../db/schema";
import type { Transaction } from "../credits/credits.server";
import { chooseProvider } from "../generation/choose-provider.server";
import { insertPaidJob, startPaidJobWith } from "../generation/submit.server";
import { newId } from "../ids.server";
import type { EngineServices } from "../generation/engine-services";
import { ensurePresetStyle, styleSettingsColumns } from "../styles/preset-style.server";

export type ObjectDeps = Pick<EngineServices, "database" | "storage" | "queue" | "providers" | "config">;

/**
 * Generates a set: one object per subject in one of the user's styles (or a preset,
 * which becomes one of the user's styles on first use), each made `variations` times,
 * as one paid job. Objects, job and reservation commit together.
 */
export async function generateObjects(
  deps: ObjectDeps,
  options: {
    actor: Actor;
    input: z.output<typeof generateObjectsSchema>;
  },
) {
  const { actor, input } = options;
  const { workspaceId } = actor;
  return startPaidJobWith(deps, async (tx) => {
    const preset = presetFromStyleId(input.styleId);
    const [style] = preset
      ? [await ensurePresetStyle(tx, { workspaceId, preset, defaults: input })]
      : await tx
          .select(styleSettingsColumns)
          .from(styles)
          .where(and(eq(styles.id, input.styleId), eq(styles.ownerId, workspaceId)));
    if (!style) throw new AppError("not_found", "No such style.");
    // Whatever way the request came (the page, the API, an agent), what it leaves out is the style's.
    const settings = {
      size: input.size ?? style.defaultSize,
      detail: input.detail ?? style.defaultDetail,
      transparent: input.transparent ?? style.defaultTransparent,
    };
    const character = input.characterId ? await requireCharacter(tx, workspaceId, input.characterId) : null;
    const provider = chooseProvider(deps.providers, { requested: input.model, styleDefault: style.defaultModel });
    const jobId = newId();
    // A millisecond apart, in the order typed: lists and exports keep the set's order.
    const start = Date.now();
    const made = await tx
      .insert(objects)
      .values(
        input.subjects.map((name, i) => ({
          createdAt: new Date(start + i),
          updatedAt: new Date(start + i),
          id: newId(),
          ownerId: workspaceId,
          createdBy: actor.memberId,
          styleId: style.id,
          setId: jobId,
          name,
          prompt: input.prompt ?? null,
          ...settings,
        })),
      )
      .returning({ id: objects.id, name: objects.name });
    const params: ObjectImagesParams = {
      v: 1,
      ...settings,
      variations: input.variations,
      prompt: input.prompt ?? null,
      objects: made,
      ...(character ? { character: { id: character.id, strength: input.characterStrength ?? 1 } } : {}),
      ...(input.learnedStrength !== undefined ? { learnedStrength: input.learnedStrength } : {}),
    };
    const job = await insertPaidJob(tx, {
      id: jobId,
      actor,
      kind: "object-images",
      styleId: style.id,
      params,
      styleName: style.name,
      provider,
    });
    return { job, objects: made, settings };
  });
}

/** The workspace's character a set is drawn as; another workspace's is not found. */
async function requireCharacter(tx: Transaction, workspaceId: string, characterId: string) {
  const [character] = await tx
    .select({ id: characters.id })
    .from(characters)
    .where(and(eq(characters.id, characterId), eq(characters.ownerId, workspaceId)));
  if (!character) throw new FieldError("characterId", "No such character.");
  return character;
}
