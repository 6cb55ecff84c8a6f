import type Stripe from "stripe";
import * as replies from "#domain/api-replies";
import { formatPackPrice } from "#domain/credit-packs";
import { creditRequestBody } from "#domain/credit-requests";
import { startCheckout } from "../../billing/checkout.server";
import { stripeClient } from "../../billing/stripe-client.server";
import { handleStripeEvent } from "../../billing/stripe-events.server";
import { runCreditsCommand } from "../../credits/credits-command.server";
import { requestCredits } from "../../credits/credit-requests.server";
import { getLogger } from "../../logger.server";
import { isControlToken } from "../../operator/control-file.server";
import type { Services } from "../../services";
import { AppError } from "../errors.server";
import { operatorCommandReplySchema, operatorCommandSchema } from "#domain/operator-commands";
import { defineOperation } from "./operation.server";
import { idempotencyHeaders } from "./reply-docs.server";

/** The billing settings, or a 404: without Stripe there is nothing to buy. */
function billingOf(services: Services) {
  if (!services.config.billing) throw new AppError("not_found", "Not found");
  return services.config.billing;
}

/**
 * Getting credits: the packs for sale and a Stripe Checkout Session for one of them, or, with
 * or without Stripe, a request that e-mails the operators; Stripe's events; and the operator's
 * command reaching a running server.
 */

export const creditOperations = [
  defineOperation({
    method: "get",
    path: "/api/credits/packs",
    tag: "Credits",
    summary: "Credit packs for sale",
    description: "The packs the operator sells (CREDIT_PACKS). 404 when this instance sells none.",
    access: "user",
    errors: [404],
    responses: { 200: { description: "The packs, cheapest first as configured.", json: replies.creditPacksReply } },
    async handle({ services }) {
      const billing = billingOf(services);
      return { status: 200, body: { packs: billing.packs.map((pack) => ({ ...pack, price: formatPackPrice(pack) })) } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/credits/checkout",
    tag: "Credits",
    summary: "Buy a credit pack",
    description:
      "Creates a Stripe Checkout Session for one pack and answers its page's address. The credits arrive when Stripe tells Motif the payment succeeded (the webhook), once per session.",
    access: "user",
    json: replies.checkoutRequest,
    headers: idempotencyHeaders.partial(),
    errors: [404, 422],
    responses: { 201: { description: "Where to pay.", json: replies.checkoutReply } },
    idempotent: true,
    // 201 { url }: the browser goes there to pay; the webhook grants the credits once Stripe is paid.
    async handle({ services, user, body: input }) {
      const billing = billingOf(services);
      const { url } = await startCheckout(
        { db: services.database.db, billing, publicUrl: services.config.publicUrl },
        { userId: user.workspace.id, email: user.email, packId: input.packId },
      );
      return { status: 201, body: { url } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/credits/request",
    tag: "Credits",
    summary: "Ask the operators for credits",
    description:
      "E-mails the operators (ADMIN_EMAILS, or the first account) who is asking, their balance and the note. Once an hour per person: a second request within the hour answers 429 with Retry-After. Only from a browser session.",
    access: "session",
    json: creditRequestBody,
    errors: [429],
    responses: { 200: { description: "The operators were e-mailed.", json: replies.creditRequestReply } },
    // Once an hour per person, so nobody is flooded.
    async handle({ services, user, body }) {
      await requestCredits(
        { db: services.database.db, mailer: services.mailer, config: services.config },
        { userId: user.id, email: user.email, note: body.note, workspace: user.workspace },
      );
      return { status: 200, body: { sent: true } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/operator/credits",
    tag: "Credits",
    summary: "Grant credits from the operator's command (for `npm run credits` only)",
    description:
      "How `npm run credits -- grant <email> <credits>` reaches a running server that holds the embedded database. Only with the secret the server writes into its data folder's control.json (Authorization: Bearer); anything else answers 404. Not for clients.",
    access: "public",
    json: operatorCommandSchema,
    errors: [404],
    responses: {
      200: { description: "Granted.", json: operatorCommandReplySchema },
      400: { description: "Not granted, and why; or a body that is not a command.", json: operatorCommandReplySchema },
    },
    // Only the control file's secret opens it (scripts/credits.ts): no session, no API key.
    async authenticate(req) {
      const bearer = /^Bearer (.+)$/.exec(req.get("Authorization") ?? "")?.[1];
      if (!isControlToken(bearer)) throw new AppError("not_found", "Not found");
      return null;
    },
    async handle({ services, body }) {
      const result = await runCreditsCommand(services.database.db, body.args);
      return { status: result.ok ? 200 : 400, body: result, headers: { "Cache-Control": "no-store" } };
    },
  }),
  defineOperation({
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
  }),
];
