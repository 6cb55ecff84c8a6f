import { creditCount, creditsRefunded } from "#domain/credit-words";
import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import { AppError } from "#domain/errors";
import { publishBalance, type Transaction } from "../credits/credits.server";
import { refundCreditsWithin } from "../credits/ledger.server";
import type { Database } from "../db/client.server";
import { generationJobs, images } from "../db/schema";
import { endingConcernsAnyHook, recordEnding } from "./job-endings.server";
import { requireOwnedJob, unitCreditsOf, type GenerationJob } from "./job-record.server";
import { kindModule } from "./kinds/index.server";
import { publishJob } from "./publish.server";

const ACTIVE = ["queued", "running"] as const;

/** Images a job stored, and the credits of those it did not make. */
async function madeAndUnpaid(tx: Transaction, job: GenerationJob) {
  const [row] = await tx.select({ count: count() }).from(images).where(eq(images.jobId, job.id));
  // Stored images are counted as they are stored, since deleting an object deletes its image rows.
  const made = Math.min(Math.max(row?.count ?? 0, job.imagesMade), job.imageCount);
  return { made, unpaid: job.credits - Math.round(made * unitCreditsOf(job)) };
}

/** Gives back `amount` of a job's reservation (the ledger allows one refund per job) and records it. */
async function refundJob(tx: Transaction, job: GenerationJob, amount: number) {
  if (amount <= 0) return false;
  const balance = await refundCreditsWithin(tx, { workspaceId: job.ownerId, amount, ref: job.id });
  return balance !== null;
}

type Ending = { status: "succeeded" | "failed" | "canceled"; error: (made: number, refund: number) => string | null };

/**
 * Ends an unfinished job in one transaction: the status change, and the refund of every
 * image it did not make. A job that already ended is left alone (null), so whichever of
 * finish, fail, cancel, sweep or the style's deletion comes first wins, and the refund
 * happens once. Whatever ends it, the user pays for the images made and only for those.
 */
async function endJob(db: Database, jobId: string, decide: (made: number, job: GenerationJob) => Ending) {
  const result = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(generationJobs)
      .where(and(eq(generationJobs.id, jobId), inArray(generationJobs.status, ACTIVE)))
      .for("update");
    if (!locked) return null;
    const { made, unpaid } = await madeAndUnpaid(tx, locked);
    // Every image made (the worker stopped before saying so): the job is done and paid, however it was ended.
    const ending: Ending =
      made >= locked.imageCount ? { status: "succeeded", error: () => null } : decide(made, locked);
    const refund = made >= locked.imageCount ? 0 : unpaid;
    const refunded = await refundJob(tx, locked, refund);
    const [ended] = await tx
      .update(generationJobs)
      .set({
        status: ending.status,
        finishedAt: new Date(),
        error: ending.error(made, refund),
        refunded,
        refundedCredits: refunded ? refund : 0,
      })
      .where(eq(generationJobs.id, jobId))
      .returning();
    await recordEnding(tx, ended!);
    await kindModule(locked.kind).onEnd?.(tx, ended!);
    return { ended: ended!, refunded };
  });
  if (!result) return null;
  await publishJob(db, result.ended);
  if (result.refunded) await publishBalance(db, result.ended.ownerId);
  return result.ended;
}

/**
 * A run made every image it could. Images that could not be made (refused, or opaque
 * when transparency was asked for) are refunded; with none made the job failed.
 */
export async function finishJob(ctx: { db: Database }, job: GenerationJob, imageError: string | null) {
  // The usual end, in one statement: every image made, nothing to refund or tidy.
  const succeed = async (db: Database | Transaction) => {
    const [row] = await db
      .update(generationJobs)
      .set({ status: "succeeded", finishedAt: new Date(), error: null })
      .where(
        and(
          eq(generationJobs.id, job.id),
          eq(generationJobs.status, "running"),
          gte(generationJobs.imagesMade, generationJobs.imageCount),
        ),
      )
      .returning();
    return row;
  };
  // What must hear of the end (a key's webhook) records it in the same transaction as the end.
  const succeeded = endingConcernsAnyHook(job)
    ? await ctx.db.transaction(async (tx) => {
        const row = await succeed(tx);
        if (row) await recordEnding(tx, row);
        return row;
      })
    : await succeed(ctx.db);
  if (succeeded) {
    await publishJob(ctx.db, succeeded);
    return succeeded;
  }
  return endJob(ctx.db, job.id, (made) => {
    if (made === 0) return { status: "failed", error: () => imageError ?? "No images could be made." };
    return {
      status: "succeeded",
      error: (m, refund) =>
        `${job.imageCount - m} of ${job.imageCount} images could not be made${refund > 0 ? ` and ${creditsRefunded(refund)}` : ""}. ${imageError ?? ""}`.trim(),
    };
  });
}

/**
 * Ends an unfinished job as failed (or cancelled), refunding every image it did not make.
 * One whose images were all made counts as succeeded instead: they were delivered.
 */
export function failJob(
  ctx: { db: Database },
  job: Pick<GenerationJob, "id">,
  message: string,
  status: "failed" | "canceled" = "failed",
): Promise<GenerationJob | null> {
  return endJob(ctx.db, job.id, () => ({ status, error: () => message }));
}

/** The cancel's words: what was kept, what was refunded (nothing to say of a free job's money). */
function cancelMessage(made: number, total: number, refund: number): string {
  if (made > 0) {
    return `Cancelled after ${made} of ${total} images.${refund > 0 ? ` ${creditsRefunded(refund, "unused")}.` : ""}`;
  }
  return refund > 0 ? `Cancelled. Your ${creditsRefunded(refund)}.` : "Cancelled. Nothing was charged.";
}

/**
 * Stops a job at its owner's request. Images already made are kept and paid for; the
 * rest of the reservation is refunded, once. A worker busy with the next image throws
 * it away (store-image.server.ts), so nothing is made unpaid. A job whose images are
 * all made counts as finished: there is nothing to cancel.
 */
export async function cancelJob(
  ctx: { db: Database },
  options: { workspaceId: string; jobId: string },
): Promise<{ job: GenerationJob; refund: number }> {
  const owned = await requireOwnedJob(ctx.db, options);
  const ended = await endJob(ctx.db, owned.id, (_made, job) => ({
    status: "canceled",
    error: (made, refund) => cancelMessage(made, job.imageCount, refund),
  }));
  if (!ended || ended.status !== "canceled") throw new AppError("conflict", "This job has already finished.");
  return { job: ended, refund: ended.refundedCredits };
}

/** A style's unfinished jobs (of one kind, if given), oldest first. */
export async function activeJobIdsOfStyle(
  db: Database,
  options: { workspaceId: string; styleId: string; kind?: GenerationJob["kind"] },
): Promise<string[]> {
  const rows = await db
    .select({ id: generationJobs.id })
    .from(generationJobs)
    .where(
      and(
        eq(generationJobs.ownerId, options.workspaceId),
        eq(generationJobs.styleId, options.styleId),
        options.kind ? eq(generationJobs.kind, options.kind) : undefined,
        inArray(generationJobs.status, ACTIVE),
      ),
    )
    .orderBy(generationJobs.createdAt);
  return rows.map((r) => r.id);
}

/** The words for a job ended by its style's deletion: what was made (and paid), what was refunded. */
function styleDeletedMessage(made: number, total: number, refund: number): string {
  if (made > 0) {
    return refund > 0
      ? `Cancelled: the style was deleted. ${made} of ${total} images were made; ${creditCount(refund)} for the rest ${refund === 1 ? "was" : "were"} refunded.`
      : `Cancelled: the style was deleted. ${made} of ${total} images were made.`;
  }
  return refund > 0
    ? `Cancelled: the style was deleted. Your ${creditsRefunded(refund)}.`
    : "Cancelled: the style was deleted.";
}

/**
 * Cancels a style's unfinished jobs before the style is deleted. As with a cancel, the
 * images already made were delivered (they could be seen and downloaded until now), so
 * they are paid for; only those never made are refunded.
 */
export async function cancelStyleJobs(ctx: { db: Database }, options: { workspaceId: string; styleId: string }) {
  for (const id of await activeJobIdsOfStyle(ctx.db, options)) {
    await endJob(ctx.db, id, (_made, job) => ({
      status: "canceled",
      error: (made, refund) => styleDeletedMessage(made, job.imageCount, refund),
    }));
  }
}

/**
 * Ends jobs that have been unfinished for far longer than any run of theirs may take
 * (their queue entry ran out of retries): they fail and are refunded, never left
 * charged. A job's allowance grows with its image count, so a 50-object set is not
 * swept while a 4-sample job would be.
 */
export async function sweepStaleJobs(
  ctx: { db: Database },
  allowance: { perImageMs: number; minimumMs: number },
): Promise<number> {
  const stale = await ctx.db
    .select({ id: generationJobs.id })
    .from(generationJobs)
    .where(
      and(
        inArray(generationJobs.status, ACTIVE),
        sql`${generationJobs.createdAt} < now() - greatest(${allowance.minimumMs}::bigint, ${generationJobs.imageCount} * ${allowance.perImageMs}::bigint) * interval '1 millisecond'`,
      ),
    );
  let ended = 0;
  for (const job of stale) {
    if (await failJob(ctx, job, "The images could not be generated in time. Please try again.")) ended++;
  }
  return ended;
}
