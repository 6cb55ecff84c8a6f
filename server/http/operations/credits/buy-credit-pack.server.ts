import * as replies from "#domain/api-replies";
import { startCheckout } from "../../../billing/checkout.server";
import { defineOperation } from "../operation.server";
import { idempotencyHeaders } from "../reply-docs.server";
import { billingOf } from "./shared.server";

export const buyCreditPackOperation = defineOperation({
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
      { workspaceId: user.workspace.id, email: user.email, packId: input.packId },
    );
    return { status: 201, body: { url } };
  },
});
