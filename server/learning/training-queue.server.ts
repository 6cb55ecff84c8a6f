import { eq } from "drizzle-orm";
import { z } from "zod";
import { isTrainingOpen } from "#domain/training";
import { trainings } from "../db/schema";
import { ProviderRefusalError, ProviderRetryableError, type ProviderTraining } from "../generation/providers/provider";
import { defineJob } from "../jobs/define-job.server";
import type { JobSystem } from "../jobs/job-system.server";
import { learningFolder, type LearningSubject } from "./subject.server";
import { endTraining, publishTraining, type TrainingRecord } from "./training-records.server";
import { stopAtProvider, type TrainingDeps, type TrainingQueue } from "./trainings.server";

/** One look at one training at its provider; a training still going is looked at again later. */
export const trainingJob = defineJob({
  name: "training",
  version: 1,
  schema: z.object({ trainingId: z.string() }),
  retry: { limit: 5, delaySeconds: 10, backoff: true, delayMaxSeconds: 300 },
  // One look is one or two short calls (or a download of the weights): far under this.
  expireInSeconds: 900,
  notify: true,
});

/** Trainings on the job system: any process sends, workers follow. */
export async function startTrainingQueue(jobs: JobSystem): Promise<TrainingQueue> {
  await jobs.define(trainingJob);
  return {
    async follow(trainingId, options) {
      const startAfter = options?.afterMs ? Math.max(1, Math.round(options.afterMs / 1000)) : undefined;
      await jobs.send(trainingJob, { trainingId }, startAfter ? { startAfter } : {});
    },
  };
}

/** Follows trainings in this process: each run one look, then the next sent `config.training.pollMs` later. */
export async function workTrainings(jobs: JobSystem, deps: TrainingDeps & { queue: TrainingQueue }): Promise<void> {
  // A look is sent to run `pollMs` later, which no notice announces: the workers look that often.
  const seconds = Math.max(0.5, deps.config.training.pollMs / 1000);
  const options = { localConcurrency: 2, pollingIntervalSeconds: seconds, notifyPollingIntervalSeconds: seconds };
  await jobs.work(trainingJob, options, async (taken) => {
    const { again } = await followTraining(deps, taken.data.trainingId);
    if (again) await deps.queue.follow(taken.data.trainingId, { afterMs: deps.config.training.pollMs });
  });
}

const subjectOf = (row: TrainingRecord): LearningSubject | null => {
  const id = row.learns === "style" ? row.styleId : row.characterId;
  return id ? { learns: row.learns, id } : null;
};

/**
 * One step of a training: submitted to its provider when it has not been, else looked at once —
 * progress recorded, or its end (the model kept, or the refund by rule). A training whose style or
 * character was deleted is stopped at the provider and refunded. `again`: look again later.
 */
export async function followTraining(deps: TrainingDeps, trainingId: string): Promise<{ again: boolean }> {
  const [row] = await deps.db.select().from(trainings).where(eq(trainings.id, trainingId));
  if (!row) return { again: false };
  if (!isTrainingOpen(row.status)) {
    // Cancelled by a person: make sure the provider stopped too (asking twice is harmless).
    if (row.status === "cancelled") await stopAtProvider(deps.providers, row);
    await dropDataset(deps, row);
    return { again: false };
  }
  const subject = subjectOf(row);
  if (!subject) {
    const what = row.learns === "style" ? "style" : "character";
    await endTraining(deps.db, { id: row.id, ending: "cancelled", error: `The ${what} was deleted.` });
    await stopAtProvider(deps.providers, row);
    return { again: false };
  }
  const training = deps.providers.get(row.provider)?.training;
  if (!training) {
    await endTraining(deps.db, {
      id: row.id,
      ending: "failed",
      error: "The model it trains on is no longer connected.",
    });
    return { again: false };
  }
  try {
    return row.providerRef ? await look(deps, training, row, subject) : await submit(deps, training, row);
  } catch (error) {
    if (error instanceof ProviderRetryableError) return { again: true };
    const refused = error instanceof ProviderRefusalError;
    const reason = error instanceof Error ? error.message : String(error);
    await endTraining(deps.db, {
      id: row.id,
      ending: "failed",
      error: refused ? reason : `The training failed: ${reason}`,
    });
    await dropDataset(deps, row);
    return { again: false };
  }
}

async function submit(
  deps: TrainingDeps,
  training: ProviderTraining,
  row: TrainingRecord,
): Promise<{ again: boolean }> {
  const dataset = row.datasetKey ? await deps.storage.read(row.datasetKey) : null;
  if (!dataset) throw new Error("its pictures were not found");
  const { providerId } = await training.start({
    id: row.id,
    learns: row.learns,
    dataset,
    triggerWord: row.triggerWord,
    steps: row.steps,
    signal: AbortSignal.timeout(120_000),
  });
  const [started] = await deps.db
    .update(trainings)
    .set({ providerRef: providerId, status: "running", startedAt: new Date() })
    .where(eq(trainings.id, row.id))
    .returning();
  if (!started || !isTrainingOpen(started.status)) {
    // Cancelled while it was being submitted: stop what was just started.
    await stopAtProvider(deps.providers, { provider: row.provider, providerRef: providerId });
    return { again: false };
  }
  await publishTraining(deps.db, started);
  return { again: true };
}

async function look(
  deps: TrainingDeps,
  training: ProviderTraining,
  row: TrainingRecord,
  subject: LearningSubject,
): Promise<{ again: boolean }> {
  const state = await training.check(row.providerRef!, AbortSignal.timeout(60_000));
  if (state.status === "queued" || state.status === "running") {
    const progress = Math.max(row.progress, Math.min(99, Math.round(state.progress)));
    if (progress !== row.progress || row.status !== "running") {
      const [updated] = await deps.db
        .update(trainings)
        .set({ progress, status: "running" })
        .where(eq(trainings.id, row.id))
        .returning();
      if (updated && isTrainingOpen(updated.status)) await publishTraining(deps.db, updated);
    }
    return { again: true };
  }
  if (state.status === "succeeded") {
    const weightsKey = await keepWeights(deps, training, row, subject, state.model.weightsUrl);
    const ended = await endTraining(deps.db, {
      id: row.id,
      ending: "succeeded",
      set: { modelRef: state.model.ref, weightsKey },
    });
    // Ended meanwhile (cancelled, its subject deleted): the copy has no owner.
    if (!ended && weightsKey) await deps.storage.delete(weightsKey);
  } else if (state.status === "failed") {
    await endTraining(deps.db, {
      id: row.id,
      ending: "failed",
      error: state.refused ? state.reason : `The training failed: ${state.reason}`,
    });
  } else {
    await endTraining(deps.db, { id: row.id, ending: "cancelled", error: "The provider stopped the training." });
  }
  await dropDataset(deps, row);
  return { again: false };
}

/** A copy of the trained weights in Motif's storage, where the operator allows it and the provider offers them. */
async function keepWeights(
  deps: TrainingDeps,
  training: ProviderTraining,
  row: TrainingRecord,
  subject: LearningSubject,
  url: string | undefined,
): Promise<string | null> {
  if (!deps.config.training.keepWeights || !url || !training.download) return null;
  const weights = await training.download(url, AbortSignal.timeout(600_000));
  const key = `${learningFolder(row.ownerId, subject)}/trainings/${row.id}/weights.safetensors`;
  await deps.storage.put(key, weights, "application/octet-stream");
  return key;
}

async function dropDataset(deps: Pick<TrainingDeps, "db" | "storage">, row: TrainingRecord) {
  if (!row.datasetKey) return;
  await deps.storage.delete(row.datasetKey);
  await deps.db.update(trainings).set({ datasetKey: null }).where(eq(trainings.id, row.id));
}
