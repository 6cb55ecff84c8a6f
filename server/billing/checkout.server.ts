import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { creditPurchases } from "../db/schema";
import { getLogger } from "../logger.server";
import { stripeClient, type Billing } from "./stripe-client.server";
import { formatCount } from "#domain/count-words";

/** Metadata keys Motif puts on its Checkout Sessions, so its webhook knows them from others. */
export const PACK_KEY = "motif_pack";
export const CREDITS_KEY = "motif_credits";

/**
 * Opens a Stripe Checkout Session for one of the operator's packs and records it, so
 * the webhook can grant it later; answers the page to send the browser to.
 */
export async function startCheckout(
  deps: { db: Database; billing: Billing; publicUrl: string },
  input: { workspaceId: string; email: string; packId: string },
): Promise<{ url: string; sessionId: string }> {
  const pack = deps.billing.packs.find((p) => p.id === input.packId);
  if (!pack) throw new AppError("not_found", "That credit pack is not for sale. Reload the page to see the packs.");
  const back = `${deps.publicUrl}/app/credits`;
  const metadata = { [PACK_KEY]: pack.id, [CREDITS_KEY]: String(pack.credits) };
  let session;
  try {
    session = await (
      await stripeClient(deps.billing)
    ).checkout.sessions.create({
      mode: "payment",
      client_reference_id: input.workspaceId,
      customer_email: input.email,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: pack.currency,
            unit_amount: pack.amount,
            product_data: { name: `${formatCount(pack.credits)} Motif credits` },
          },
        },
      ],
      metadata,
      payment_intent_data: { metadata },
      success_url: `${back}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${back}?checkout=cancelled`,
    });
  } catch (error) {
    getLogger().error({ err: error }, "Stripe refused to create a Checkout Session");
    throw new AppError("internal", "The payment page could not be opened. Try again in a moment.");
  }
  if (!session.url) throw new AppError("internal", "The payment page could not be opened. Try again in a moment.");
  await deps.db.insert(creditPurchases).values({
    checkoutSessionId: session.id,
    workspaceId: input.workspaceId,
    packId: pack.id,
    credits: pack.credits,
    amount: pack.amount,
    currency: pack.currency,
  });
  return { url: session.url, sessionId: session.id };
}
