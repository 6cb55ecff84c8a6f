import { modelLabel } from "#domain/models";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { CREDIT_HISTORY_PAGE, type CreditHistoryEntry } from "#domain/credit-history";
import type { Database } from "../db/client.server";
import {
  authUsers,
  creditLedger,
  creditPurchases,
  generationJobs,
  images,
  objects,
  styles,
  trainings,
} from "../db/schema";

/** How many of a job's images a refund of `delta` credits paid back: each image costs the same. */
function refundedImages(delta: number, jobCredits: number | null, imageCount: number | null) {
  if (!jobCredits || !imageCount) return null;
  return { images: Math.round((delta * imageCount) / jobCredits), of: imageCount };
}

function backgroundRemovalTitle(objectName: string | null): string {
  return objectName ? `Background removed from “${objectName}”` : "Background removed from a deleted object";
}

/**
 * A user's credit history, newest first, a page at a time (`before` is the last id of
 * the previous page). Generation lines name their style while it still exists; refund
 * lines say how many of the job's images they paid back (those never made).
 */
export async function listCreditHistory(
  db: Database,
  options: { workspaceId: string; before?: number; limit?: number },
): Promise<{ entries: CreditHistoryEntry[]; nextBefore: number | null }> {
  const limit = options.limit ?? CREDIT_HISTORY_PAGE;
  const rows = await db
    .select({
      id: creditLedger.id,
      delta: creditLedger.delta,
      balanceAfter: creditLedger.balanceAfter,
      reason: creditLedger.reason,
      styleName: styles.name,
      title: generationJobs.title,
      jobCredits: generationJobs.credits,
      imageCount: generationJobs.imageCount,
      provider: generationJobs.provider,
      model: generationJobs.model,
      objectName: objects.name,
      // A training's lines (ref = the training) name it by its trigger word.
      trainingWord: trainings.triggerWord,
      trainingLearns: trainings.learns,
      debtDelta: creditLedger.debtDelta,
      note: creditLedger.note,
      purchaseCredits: creditPurchases.credits,
      receiptUrl: creditPurchases.receiptUrl,
      // In a team's ledger, who spent: the line's member, or (for a refund) the job's.
      by: authUsers.email,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    // Only the user's own jobs and styles can name a line.
    .leftJoin(
      generationJobs,
      and(eq(generationJobs.id, creditLedger.ref), eq(generationJobs.ownerId, creditLedger.workspaceId)),
    )
    .leftJoin(styles, and(eq(styles.id, generationJobs.styleId), eq(styles.ownerId, creditLedger.workspaceId)))
    .leftJoin(trainings, and(eq(trainings.id, creditLedger.ref), eq(trainings.ownerId, creditLedger.workspaceId)))
    // A background removal's line names the object of the image it made (ref = that image).
    .leftJoin(
      images,
      and(
        eq(creditLedger.reason, "background_removal"),
        eq(images.id, creditLedger.ref),
        eq(images.ownerId, creditLedger.workspaceId),
      ),
    )
    .leftJoin(objects, eq(objects.id, images.objectId))
    .leftJoin(
      authUsers,
      and(
        sql`${creditLedger.workspaceId} <> coalesce(${creditLedger.memberId}, ${generationJobs.createdBy})`,
        eq(authUsers.id, sql`coalesce(${creditLedger.memberId}, ${generationJobs.createdBy})`),
      ),
    )
    // A purchase's lines, and those taking it back, start their ref with its Checkout Session id.
    .leftJoin(
      creditPurchases,
      and(
        inArray(creditLedger.reason, ["purchase", "purchase_refunded", "purchase_disputed"]),
        eq(creditPurchases.checkoutSessionId, sql`split_part(${creditLedger.ref}, ':', 1)`),
        eq(creditPurchases.workspaceId, creditLedger.workspaceId),
      ),
    )
    .where(
      and(
        eq(creditLedger.workspaceId, options.workspaceId),
        options.before !== undefined ? lt(creditLedger.id, options.before) : undefined,
      ),
    )
    .orderBy(desc(creditLedger.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map(
      ({
        jobCredits,
        imageCount,
        provider,
        model,
        objectName,
        purchaseCredits,
        receiptUrl,
        trainingWord,
        trainingLearns,
        ...row
      }) => ({
        ...row,
        purchase: purchaseCredits !== null ? { credits: purchaseCredits, receiptUrl } : null,
        model: provider && model ? modelLabel(provider, model) : null,
        title:
          row.reason === "background_removal"
            ? backgroundRemovalTitle(objectName)
            : trainingWord
              ? `Training of a ${trainingLearns} “${trainingWord}”`
              : row.title || null,
        refund: row.reason === "generation_refund" ? refundedImages(row.delta, jobCredits, imageCount) : null,
        createdAt: row.createdAt.toISOString(),
      }),
    ),
    nextBefore: rows.length > limit ? page.at(-1)!.id : null,
  };
}
