import type Stripe from "stripe";
import type { Database } from "../db/client.server";
import { getLogger } from "../logger.server";
import { CREDITS_KEY, PACK_KEY } from "./checkout.server";
import { grantPurchase, takeBackPurchase, type PaidSession, type TakeBack } from "./purchases.server";

type Deps = { db: Database; stripe: Stripe };
export type Outcome = "handled" | "ignored";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** A session Motif opened (its metadata says which pack) and Stripe has been paid for; else null. */
function paidSessionOf(session: Stripe.Checkout.Session): Omit<PaidSession, "chargeId" | "receiptUrl"> | null {
  const packId = session.metadata?.[PACK_KEY];
  const credits = Number(session.metadata?.[CREDITS_KEY]);
  if (!packId || !Number.isInteger(credits) || credits <= 0 || !session.client_reference_id) return null;
  // An asynchronous payment (a bank debit) completes the session unpaid: its own event grants it later.
  if (session.mode !== "payment" || session.payment_status !== "paid") return null;
  return {
    checkoutSessionId: session.id,
    workspaceId: session.client_reference_id,
    packId,
    credits,
    amount: session.amount_total ?? 0,
    currency: session.currency ?? "",
    paymentIntentId: idOf(session.payment_intent),
  };
}

/** The charge behind a payment, for its receipt; a failure here never holds back the credits. */
async function latestCharge(stripe: Stripe, paymentIntentId: string): Promise<Stripe.Charge | null> {
  try {
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] });
    return typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  } catch (error) {
    getLogger().warn({ err: error, paymentIntentId }, "could not read the charge of a purchase for its receipt");
    return null;
  }
}

async function completeSession(deps: Deps, session: Stripe.Checkout.Session): Promise<Outcome> {
  const paid = paidSessionOf(session);
  if (!paid) return "ignored";
  const charge = paid.paymentIntentId ? await latestCharge(deps.stripe, paid.paymentIntentId) : null;
  await grantPurchase(deps.db, { ...paid, chargeId: charge?.id ?? null, receiptUrl: charge?.receipt_url ?? null });
  return "handled";
}

/**
 * Applies a refund or a lost dispute. Stripe does not promise order, so one may arrive
 * before the completion of its purchase: then the session is read from Stripe and
 * granted first, and the later completion finds the grant already written.
 */
async function takeBack(deps: Deps, event: TakeBack): Promise<Outcome> {
  if ((await takeBackPurchase(deps.db, event)) === "done") return "handled";
  const sessions = await deps.stripe.checkout.sessions.list({ payment_intent: event.paymentIntentId, limit: 1 });
  const session = sessions.data[0];
  // Not a payment for credits (the account may sell other things).
  if (!session || (await completeSession(deps, session)) === "ignored") return "ignored";
  return (await takeBackPurchase(deps.db, event)) === "done" ? "handled" : "ignored";
}

/** What Motif does with one verified Stripe event; other event types are acknowledged and ignored. */
export async function handleStripeEvent(deps: Deps, event: Stripe.Event): Promise<Outcome> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return completeSession(deps, event.data.object);
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      if (!paymentIntentId) return "ignored";
      return takeBack(deps, {
        kind: "refund",
        paymentIntentId,
        amountRefunded: charge.amount_refunded,
        chargeId: charge.id,
        receiptUrl: charge.receipt_url,
      });
    }
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      if (dispute.status !== "lost") return "ignored";
      const paymentIntentId =
        idOf(dispute.payment_intent) ??
        idOf((await deps.stripe.charges.retrieve(idOf(dispute.charge)!)).payment_intent);
      if (!paymentIntentId) return "ignored";
      return takeBack(deps, { kind: "dispute", paymentIntentId, disputeId: dispute.id });
    }
    default:
      return "ignored";
  }
}
