import { eq } from "drizzle-orm";
import { publishBalance } from "../credits/credits.server";
import { grantCreditsWithin, takeBackCreditsWithin } from "../credits/ledger.server";
import type { Database } from "../db/client.server";
import { creditPurchases, workspaceBalances } from "../db/schema";
import { getLogger } from "../logger.server";

/** A paid Checkout Session, as the webhook read it from Stripe. */
export interface PaidSession {
  checkoutSessionId: string;
  /** client_reference_id: the workspace the credits are for. */
  workspaceId: string;
  packId: string;
  credits: number;
  amount: number;
  currency: string;
  paymentIntentId: string | null;
  chargeId: string | null;
  receiptUrl: string | null;
}

/**
 * Grants a paid session's credits, exactly once: the ledger's purchase line (ref = the
 * session id) is written under the user's row lock, so a second delivery of the same
 * event, or of its async twin, finds it and does nothing. Answers whether it granted now.
 */
export async function grantPurchase(db: Database, paid: PaidSession): Promise<boolean> {
  const granted = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: workspaceBalances.id })
      .from(workspaceBalances)
      .where(eq(workspaceBalances.id, paid.workspaceId));
    // The account was deleted since: nothing to grant to (the operator refunds by hand).
    if (!user) return null;
    // Recorded at checkout; made here when that record is missing (the session is ours by its metadata).
    await tx
      .insert(creditPurchases)
      .values({
        checkoutSessionId: paid.checkoutSessionId,
        workspaceId: paid.workspaceId,
        packId: paid.packId,
        credits: paid.credits,
        amount: paid.amount,
        currency: paid.currency,
      })
      .onConflictDoNothing();
    const [purchase] = await tx
      .select()
      .from(creditPurchases)
      .where(eq(creditPurchases.checkoutSessionId, paid.checkoutSessionId))
      .for("update");
    if (!purchase || purchase.workspaceId !== paid.workspaceId) return null;
    await tx
      .update(creditPurchases)
      .set({
        paymentIntentId: purchase.paymentIntentId ?? paid.paymentIntentId,
        chargeId: purchase.chargeId ?? paid.chargeId,
        receiptUrl: purchase.receiptUrl ?? paid.receiptUrl,
        paidAt: purchase.paidAt ?? new Date(),
      })
      .where(eq(creditPurchases.checkoutSessionId, purchase.checkoutSessionId));
    return grantCreditsWithin(tx, {
      workspaceId: purchase.workspaceId,
      amount: purchase.credits,
      reason: "purchase",
      ref: purchase.checkoutSessionId,
    });
  });
  if (!granted) return false;
  getLogger().info({ workspaceId: paid.workspaceId, checkoutSessionId: paid.checkoutSessionId }, "credits bought");
  await publishBalance(db, paid.workspaceId);
  return true;
}

export type TakeBack =
  /** `amountRefunded` is the charge's running total, so replays and reorders agree. */
  | { kind: "refund"; paymentIntentId: string; amountRefunded: number; chargeId: string; receiptUrl: string | null }
  | { kind: "dispute"; paymentIntentId: string; disputeId: string };

/**
 * Takes back what a refund or a lost dispute of a granted purchase calls for: a refund
 * its share of the credits, a lost dispute all of them; together never more than the
 * purchase granted. Each step is one ledger line. Answers "unknown" when no granted
 * purchase has this payment (its completion has not been seen yet).
 */
export async function takeBackPurchase(db: Database, event: TakeBack): Promise<"unknown" | "done"> {
  let workspaceId: string | null = null;
  const outcome = await db.transaction(async (tx) => {
    const [purchase] = await tx
      .select()
      .from(creditPurchases)
      .where(eq(creditPurchases.paymentIntentId, event.paymentIntentId))
      .for("update");
    if (!purchase?.paidAt) return "unknown" as const;
    if (event.kind === "refund") {
      await tx
        .update(creditPurchases)
        .set({ chargeId: purchase.chargeId ?? event.chargeId, receiptUrl: purchase.receiptUrl ?? event.receiptUrl })
        .where(eq(creditPurchases.checkoutSessionId, purchase.checkoutSessionId));
    }
    const due =
      event.kind === "refund"
        ? Math.min(purchase.credits, Math.round((purchase.credits * event.amountRefunded) / purchase.amount))
        : purchase.credits;
    const amount = due - purchase.creditsTakenBack;
    if (amount <= 0) return "done" as const;
    const ref =
      event.kind === "refund"
        ? `${purchase.checkoutSessionId}:refund:${event.amountRefunded}`
        : `${purchase.checkoutSessionId}:dispute:${event.disputeId}`;
    const taken = await takeBackCreditsWithin(tx, {
      workspaceId: purchase.workspaceId,
      amount,
      reason: event.kind === "refund" ? "purchase_refunded" : "purchase_disputed",
      ref,
    });
    if (taken) {
      await tx
        .update(creditPurchases)
        .set({ creditsTakenBack: due })
        .where(eq(creditPurchases.checkoutSessionId, purchase.checkoutSessionId));
      workspaceId = purchase.workspaceId;
    }
    return "done" as const;
  });
  if (workspaceId) {
    getLogger().info(
      { workspaceId, kind: event.kind, paymentIntentId: event.paymentIntentId },
      "bought credits taken back",
    );
    await publishBalance(db, workspaceId);
  }
  return outcome;
}
