import * as replies from "#domain/api-replies";
import { redeliver } from "../../../webhooks/webhook-console.server";
import { defineOperation } from "../operation.server";
import { deliverNow } from "./shared.server";

export const redeliverWebhookEventOperation = defineOperation({
  method: "post",
  path: "/api/keys/:id/webhook/deliveries/:deliveryId/redeliver",
  tag: "API keys",
  summary: "Redeliver a webhook event",
  description:
    "Posts a delivered or failed event again, now, to the key's current webhook URL: the same event id and body (so a receiver that dedupes by `Motif-Event-Id` sees the same event), signed anew. It counts as one more attempt and answers how it went. An event still being retried answers 409.",
  access: "session",
  errors: [409],
  responses: { 200: { description: "The delivery, sent again.", json: replies.webhookDeliveryReply } },
  async handle({ services, user, params }) {
    const delivery = await redeliver(deliverNow(services), {
      userId: user.id,
      keyId: params.id,
      deliveryId: params.deliveryId,
    });
    return { status: 200, body: { delivery } };
  },
});
