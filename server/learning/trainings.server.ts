import { and, eq } from "drizzle-orm";
import type { Actor } from "#domain/actor";
import { AppError, FieldError } from "#domain/errors";
import { modelUnavailableMessage } from "#domain/models";
import { isTrainingOpen, standardTrainingCredits, trainingPresets, trainingPrice } from "#domain/training";
import { type StartTrainingInput } from "#domain/requests/training";
import type { Config } from "../config.server";
import { reserveCredits } from "../credits/ledger.server";
import type { Database } from "../db/client.server";
import { trainings } from "../db/schema";
import { assertProviderReachable } from "../generation/providers/provider-checks.server";
import type { ImageProvider } from "../generation/providers/provider";
import type { ProviderRegistry } from "../generation/providers/registry.server";
import { newId } from "../ids.server";
import type { FileStorage } from "../storage/storage.server";
import { datasetZip, readDataset } from "./dataset.server";
import { learningFolder, requireSubject, type LearningSubject } from "./subject.server";
import { endTraining, publishTraining, type TrainingRecord } from "./training-records.server";

/** Hands a training to the workers, who follow it at the provider (training-queue.server.ts). */
export interface TrainingQueue {
  follow(trainingId: string, options?: { afterMs?: number }): Promise<void>;
}

export interface TrainingDeps {
  db: Database;
  storage: FileStorage;
  providers: ProviderRegistry;
  config: Pick<Config, "training">;
  queue?: TrainingQueue;
}

/** The credits a provider's training at `preset` costs (the operator's TRAINING_PRICES, else the standard). */
export const trainingPriceOn = (
  config: Pick<Config, "training">,
  provider: string,
  preset: StartTrainingInput["preset"],
) => trainingPrice(preset, config.training.prices[provider] ?? standardTrainingCredits);

/** The model asked for (or the first on offer that trains); one that cannot train is refused, naming the field. */
export function trainerFor(providers: ProviderRegistry, model: string | undefined): ImageProvider {
  if (model) {
    const provider = providers.offeredById(model);
    if (!provider) throw new FieldError("model", modelUnavailableMessage);
    if (!provider.training) {
      throw new AppError("conflict", `${provider.label} cannot train a model. Choose fal or Replicate.`, {
        field: "model",
      });
    }
    return provider;
  }
  const trainer = providers.offered.find((provider) => provider.training);
  if (!trainer) {
    throw new AppError(
      "conflict",
      "None of the models on offer can train. Ask your operator to connect fal or Replicate.",
    );
  }
  return trainer;
}

/**
 * Starts a training: the dataset read and zipped into the subject's folder, the price reserved
 * and the record written in one transaction, then handed to the workers. Nothing is charged when
 * anything before the commit fails, and the ZIP does not outlive a refused start.
 */
export async function startTraining(
  deps: TrainingDeps,
  options: { actor: Actor; subject: LearningSubject; input: StartTrainingInput },
): Promise<TrainingRecord> {
  const { actor, subject, input } = options;
  const workspaceId = actor.workspaceId;
  const { name } = await requireSubject(deps.db, { workspaceId, subject });
  const provider = trainerFor(deps.providers, input.model);
  await assertProviderReachable(deps.db, provider);
  const entries = await readDataset(deps, {
    workspaceId,
    subject: { ...subject, name },
    triggerWord: input.triggerWord,
    pictures: input.pictures,
  });
  const id = newId();
  const datasetKey = `${learningFolder(workspaceId, subject)}/trainings/${id}/dataset.zip`;
  await deps.storage.put(datasetKey, await datasetZip(entries), "application/zip");
  const credits = trainingPriceOn(deps.config, provider.id, input.preset);
  let row: TrainingRecord;
  try {
    row = await deps.db.transaction(async (tx) => {
      await reserveCredits(tx, { actor, amount: credits, ref: id });
      const [inserted] = await tx
        .insert(trainings)
        .values({
          id,
          ownerId: workspaceId,
          createdBy: actor.memberId,
          apiKeyId: actor.apiKeyId,
          learns: subject.learns,
          styleId: subject.learns === "style" ? subject.id : null,
          characterId: subject.learns === "character" ? subject.id : null,
          provider: provider.id,
          preset: input.preset,
          steps: trainingPresets[input.preset].steps,
          triggerWord: input.triggerWord,
          pictureCount: entries.length,
          datasetKey,
          credits,
        })
        .returning();
      return inserted!;
    });
  } catch (error) {
    await deps.storage.delete(datasetKey);
    throw error;
  }
  await publishTraining(deps.db, row);
  await deps.queue?.follow(row.id);
  return row;
}

/** One of the workspace's trainings; another workspace's is not found. */
export async function getTraining(db: Database, options: { workspaceId: string; trainingId: string }) {
  const [row] = await db
    .select()
    .from(trainings)
    .where(and(eq(trainings.id, options.trainingId), eq(trainings.ownerId, options.workspaceId)));
  if (!row) throw new AppError("not_found", "No such training.");
  return row;
}

/**
 * Stops a training: ended as cancelled with its refund by the rule (refundOf), then stopped at the
 * provider. A training that has ended is answered as it is.
 */
export async function cancelTraining(
  deps: Pick<TrainingDeps, "db" | "providers">,
  options: { workspaceId: string; trainingId: string },
): Promise<TrainingRecord> {
  const row = await getTraining(deps.db, options);
  if (!isTrainingOpen(row.status)) return row;
  const ended = await endTraining(deps.db, { id: row.id, ending: "cancelled" });
  await stopAtProvider(deps.providers, row);
  return ended ?? (await getTraining(deps.db, options));
}

/** Asks the provider to stop a training it has; a failure is left to the provider's own end. */
export async function stopAtProvider(
  providers: ProviderRegistry,
  row: Pick<TrainingRecord, "provider" | "providerRef">,
) {
  const training = providers.get(row.provider)?.training;
  if (!training || !row.providerRef) return;
  await training.cancel(row.providerRef, AbortSignal.timeout(10_000)).catch(() => {});
}
