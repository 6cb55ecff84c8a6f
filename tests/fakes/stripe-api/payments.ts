// The account's objects and what happens to them: Checkout Sessions created and paid (a
// payment intent and its charge), settled later, refunded, disputed; each change is an event.
import { randomBytes } from "node:crypto";
import type { Json, StripeEvent, StripeState } from "./state.ts";
import { emit, event } from "./webhooks.ts";
import { newId, now } from "./wire.ts";

function requireSession(state: StripeState, id: string): Json {
  const session = state.sessions.get(id);
  if (!session) throw new Error(`No such checkout session: ${id}`);
  return session;
}

function chargeOf(state: StripeState, sessionId: string): Json {
  const intent = state.intents.get(requireSession(state, sessionId).payment_intent as string);
  if (!intent) throw new Error(`Session ${sessionId} is not paid`);
  return state.charges.get(intent.latest_charge as string)!;
}

function createPayment(state: StripeState, session: Json) {
  const chargeId = newId("ch");
  const intentId = newId("pi");
  const amount = session.amount_total as number;
  const metadata = (session.payment_intent_data as Json | undefined)?.metadata ?? {};
  state.charges.set(chargeId, {
    id: chargeId,
    object: "charge",
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    currency: session.currency,
    captured: true,
    disputed: false,
    livemode: false,
    metadata,
    paid: true,
    payment_intent: intentId,
    receipt_url: `${state.base}/receipts/${chargeId}`,
    refunded: false,
    status: "succeeded",
    created: now(),
  });
  state.intents.set(intentId, {
    id: intentId,
    object: "payment_intent",
    amount,
    amount_received: amount,
    currency: session.currency,
    latest_charge: chargeId,
    livemode: false,
    metadata,
    status: "succeeded",
    created: now(),
  });
  session.payment_intent = intentId;
}

export async function pay(state: StripeState, sessionId: string, payOptions: { async?: boolean } = {}) {
  const session = requireSession(state, sessionId);
  if (session.status !== "open") throw new Error(`Session ${sessionId} is ${String(session.status)}`);
  createPayment(state, session);
  session.status = "complete";
  session.payment_status = payOptions.async ? "unpaid" : "paid";
  return emit(state, event("checkout.session.completed", session));
}

export async function settleAsync(state: StripeState, sessionId: string): Promise<StripeEvent> {
  const session = requireSession(state, sessionId);
  session.payment_status = "paid";
  return emit(state, event("checkout.session.async_payment_succeeded", session));
}

export async function refund(state: StripeState, sessionId: string, amount?: number): Promise<StripeEvent> {
  const charge = chargeOf(state, sessionId);
  const left = (charge.amount as number) - (charge.amount_refunded as number);
  charge.amount_refunded = (charge.amount_refunded as number) + Math.min(amount ?? left, left);
  charge.refunded = charge.amount_refunded === charge.amount;
  return emit(state, event("charge.refunded", charge));
}

export async function closeDispute(state: StripeState, sessionId: string, status: "lost" | "won") {
  const charge = chargeOf(state, sessionId);
  charge.disputed = true;
  return emit(
    state,
    event("charge.dispute.closed", {
      id: newId("dp"),
      object: "dispute",
      amount: charge.amount,
      charge: charge.id,
      currency: charge.currency,
      livemode: false,
      metadata: {},
      payment_intent: charge.payment_intent,
      reason: "fraudulent",
      status,
      created: now(),
    }),
  );
}

/** A session as the API answers it, without what only the fake keeps. */
export function publicSession(session: Json): Json {
  const { payment_intent_data: _, line_items: __, ...rest } = session;
  return rest;
}

/** POST /v1/checkout/sessions: [status, body]. */
export function createSession(state: StripeState, params: Json): [number, Json] {
  const items = (params.line_items as Json[] | undefined) ?? [];
  const priceData = items[0]?.price_data as Json | undefined;
  if (params.mode !== "payment" || !priceData) {
    return [400, { error: { type: "invalid_request_error", message: "Missing required param: line_items." } }];
  }
  if (!params.success_url) {
    return [400, { error: { type: "invalid_request_error", message: "Missing required param: success_url." } }];
  }
  const quantity = Number(items[0]!.quantity ?? 1);
  const amount = Number(priceData.unit_amount) * quantity;
  const id = `cs_test_${randomBytes(16).toString("hex")}`;
  const session: Json = {
    id,
    object: "checkout.session",
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: params.cancel_url ?? null,
    client_reference_id: params.client_reference_id ?? null,
    created: now(),
    currency: String(priceData.currency).toLowerCase(),
    customer_email: params.customer_email ?? null,
    expires_at: now() + 86_400,
    livemode: false,
    metadata: params.metadata ?? {},
    mode: "payment",
    payment_intent: null,
    payment_status: "unpaid",
    status: "open",
    success_url: params.success_url,
    url: `${state.base}/pay/${id}`,
    line_items: items,
    payment_intent_data: params.payment_intent_data ?? {},
  };
  state.sessions.set(id, session);
  return [200, publicSession(session)];
}
