import { and, desc, eq, inArray } from "drizzle-orm";
import { isTrainingOpen, type TrainingStatus, type TrainingView } from "#domain/training";
import { refundCreditsWithin } from "../credits/ledger.server";
import type { Database } from "../db/client.server";
import { trainings } from "../db/schema";
import { publishUserEvent } from "../events/events.server";
import type { LearningSubject } from "./subject.server";

export type TrainingRecord = typeof trainings.$inferSelect;

export function presentTraining(row: TrainingRecord): TrainingView {
  return {
    id: row.id,
    learns: row.learns,
    subjectId: row.learns === "style" ? row.styleId : row.characterId,
    provider: row.provider,
    preset: row.preset,
    steps: row.steps,
    triggerWord: row.triggerWord,
    pictureCount: row.pictureCount,
    credits: row.credits,
    refundedCredits: row.refundedCredits,
    status: row.status,
    progress: row.progress,
    error: row.error,
    weightsKept: Boolean(row.weightsKey),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const subjectColumn = (subject: LearningSubject) =>
  subject.learns === "style" ? eq(trainings.styleId, subject.id) : eq(trainings.characterId, subject.id);

/** The subject's trainings, newest first. */
export function listTrainings(db: Database, options: { workspaceId: string; subject: LearningSubject }) {
  return db
    .select()
    .from(trainings)
    .where(and(eq(trainings.ownerId, options.workspaceId), subjectColumn(options.subject)))
    .orderBy(desc(trainings.createdAt));
}

/** The model a subject draws with on one provider: its newest training there that succeeded. */
export async function trainedModelOf(
  db: Database,
  options: { subject: LearningSubject; provider: string },
): Promise<TrainingRecord | undefined> {
  const [row] = await db
    .select()
    .from(trainings)
    .where(
      and(subjectColumn(options.subject), eq(trainings.provider, options.provider), eq(trainings.status, "succeeded")),
    )
    .orderBy(desc(trainings.finishedAt))
    .limit(1);
  return row;
}

/**
 * What a training that ended without a model gives back: everything when it failed, was refused or
 * never started; when a person stopped it while it trained, the part not trained (the provider bills
 * the steps it ran).
 */
export function refundOf(row: Pick<TrainingRecord, "credits" | "progress" | "providerRef">, ending: TrainingStatus) {
  if (ending === "succeeded") return 0;
  if (ending === "failed" || !row.providerRef) return row.credits;
  return Math.floor((row.credits * (100 - Math.min(100, Math.max(0, row.progress)))) / 100);
}

/**
 * Ends an open training as `ending`, with its refund by the rule, once: the update only matches a
 * training still open, so two processes ending it at once refund it once. Returns the ended row,
 * or undefined when it had ended already.
 */
export async function endTraining(
  db: Database,
  options: {
    id: string;
    ending: Exclude<TrainingStatus, "queued" | "running">;
    error?: string | null;
    set?: Partial<TrainingRecord>;
  },
): Promise<TrainingRecord | undefined> {
  const ended = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(trainings).where(eq(trainings.id, options.id)).for("update");
    if (!row || !isTrainingOpen(row.status)) return undefined;
    const refund = refundOf(row, options.ending);
    const [updated] = await tx
      .update(trainings)
      .set({
        ...options.set,
        status: options.ending,
        error: options.error ?? null,
        refundedCredits: refund,
        progress: options.ending === "succeeded" ? 100 : row.progress,
        finishedAt: new Date(),
      })
      .where(eq(trainings.id, options.id))
      .returning();
    await refundCreditsWithin(tx, { workspaceId: row.ownerId, amount: refund, ref: row.id });
    return updated;
  });
  if (ended) await publishTraining(db, ended);
  return ended;
}

/** Tells the owner's open pages how a training stands. */
export async function publishTraining(db: Database, row: TrainingRecord): Promise<void> {
  await publishUserEvent(db, { userId: row.ownerId, type: "training", data: { ...presentTraining(row) } });
}

/** Open trainings of a workspace's subject, for stopping them when it goes. */
export function openTrainingsOf(db: Database, options: { workspaceId: string; subject: LearningSubject }) {
  return db
    .select()
    .from(trainings)
    .where(
      and(
        eq(trainings.ownerId, options.workspaceId),
        subjectColumn(options.subject),
        inArray(trainings.status, ["queued", "running"]),
      ),
    );
}
