// The fake Stripe's webhooks: events made from the account's objects, delivered to the app
// signed as Stripe signs them (or held, released later, replayed, or forged).
import type { Delivery, Forgery, Json, StripeEvent, StripeState } from "./state.ts";
import { API_VERSION, newId, now, stripeSignature } from "./wire.ts";

export function event(type: string, object: Json): StripeEvent {
  return {
    id: newId("evt"),
    object: "event",
    api_version: API_VERSION,
    created: now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: structuredClone(object) },
  };
}

async function post(state: StripeState, payload: string, signature: string | null): Promise<number> {
  const response = await fetch(state.fake.webhookUrl, {
    method: "POST",
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      ...(signature ? { "Stripe-Signature": signature } : {}),
    },
    body: payload,
  });
  await response.arrayBuffer();
  return response.status;
}

export async function deliver(state: StripeState, evt: StripeEvent): Promise<Delivery> {
  const payload = JSON.stringify(evt, null, 2);
  const delivery = {
    eventId: evt.id,
    type: evt.type,
    status: await post(state, payload, stripeSignature(payload, state.secret)),
  };
  state.fake.deliveries.push(delivery);
  return delivery;
}

/** Sends now, or keeps for `release` while deliveries are held. */
export async function emit(state: StripeState, evt: StripeEvent): Promise<StripeEvent> {
  if (state.fake.hold) state.fake.held.push(evt);
  else await deliver(state, evt);
  return evt;
}

/** Delivers the held events, each `times` times, in order or reversed. */
export async function release(state: StripeState, releaseOptions: { times?: number; reversed?: boolean } = {}) {
  const events = state.fake.held.splice(0);
  if (releaseOptions.reversed) events.reverse();
  const deliveries: Delivery[] = [];
  for (const evt of events) {
    for (let i = 0; i < (releaseOptions.times ?? 1); i++) deliveries.push(await deliver(state, evt));
  }
  return deliveries;
}

/** Delivers `evt` with a signature that must not verify, the way `how` says. */
export async function deliverForged(state: StripeState, evt: StripeEvent, how: Forgery): Promise<Delivery> {
  const { secret } = state;
  const payload = JSON.stringify(evt, null, 2);
  let sent = payload;
  let signature: string | null = stripeSignature(payload, secret);
  if (how === "wrong-secret") signature = stripeSignature(payload, "whsec_not_the_endpoint_secret");
  // Signed, then changed on the way: far more credits than were paid for.
  if (how === "tampered-body") sent = payload.replace(/"motif_credits": "\d+"/g, '"motif_credits": "1000000"');
  if (how === "no-signature") signature = null;
  // Stripe's default tolerance is five minutes: an older signature is a replay.
  if (how === "stale-timestamp") signature = stripeSignature(payload, secret, now() - 3600);
  const delivery = { eventId: evt.id, type: evt.type, status: await post(state, sent, signature) };
  state.fake.deliveries.push(delivery);
  return delivery;
}
