import type Stripe from "stripe";
import * as replies from "#domain/api-replies";
import { stripeClient } from "../../../billing/stripe-client.server";
import { handleStripeEvent } from "../../../billing/stripe-events.server";
import { getLogger } from "../../../logger.server";
import { AppError } from "../../errors.server";
import { defineOperation } from "../operation.server";
import { billingOf } from "./shared.server";

export const receiveStripeEventsOperation = defineOperation({
  method: "post",
  path: "/api/stripe/webhook",
  tag: "Credits",
  summary: "Stripe's events (for Stripe only)",
  description:
    "Where Stripe delivers checkout, refund and dispute events, verified by the Stripe-Signature header over the raw body. Not for clients.",
  access: "public",
  errors: [400, 404],
  responses: { 200: { description: "The event was verified and handled.", json: replies.webhookReceivedReply } },
  // Before the same-origin check too: Stripe is not a browser. A failure answers 500 and Stripe delivers again.
  rawBody: true,
  async handle({ req, services }) {
    const billing = billingOf(services);
    const stripe = await stripeClient(billing);
    const body: unknown = req.body;
    let event: Stripe.Event;
    try {
      if (!Buffer.isBuffer(body)) throw new Error("no body");
      event = stripe.webhooks.constructEvent(body, req.get("Stripe-Signature") ?? "", billing.webhookSecret);
    } catch {
      getLogger().warn({ ip: req.ip }, "refused a Stripe webhook whose signature does not verify");
      throw new AppError("bad_request", "The Stripe-Signature header does not match this webhook's signing secret.");
    }
    const outcome = await handleStripeEvent({ db: services.database.db, stripe }, event);
    getLogger().info({ eventId: event.id, type: event.type, outcome }, "Stripe event");
    return { status: 200, body: { received: true } };
  },
});
