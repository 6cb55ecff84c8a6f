import express, { Router } from "express";
import type Stripe from "stripe";
import { handleStripeEvent } from "../billing/stripe-events.server";
import { stripeClient } from "../billing/stripe-client.server";
import { getLogger } from "../logger.server";
import type { Services } from "../services.server";
import { AppError } from "./errors.server";

/**
 * POST /api/stripe/webhook. Mounted before the JSON parser and the same-origin check:
 * Stripe is not a browser, and its signature covers the exact bytes it sent, so the
 * body is kept raw until verified. A failure answers 500 and Stripe delivers again.
 */
export function stripeWebhook(getServices: () => Promise<Services>): Router {
  const router = Router();
  router.post("/", express.raw({ type: () => true, limit: "1mb" }), async (req, res) => {
    const services = await getServices();
    const billing = services.config.billing;
    if (!billing) throw new AppError("not_found", "Not found");
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
    res.json({ received: true });
  });
  return router;
}
