import * as replies from "#domain/api-replies";
import { sendTestEvent } from "../../../webhooks/webhook-console.server";
import { defineOperation } from "../operation.server";
import { deliverNow } from "./shared.server";

export const sendTestWebhookEventOperation = defineOperation({
  method: "post",
  path: "/api/keys/:id/webhook/test",
  tag: "API keys",
  summary: "Send a test event to a key's webhook",
  description:
    "Posts a `webhook.test` event (`data.key` names the key) to the key's webhook now, signed like every event, and answers how it went: the receiver's status and the start of its answer. Nothing is retried and no credits are spent; the event is listed with the key's deliveries. A key without a webhook answers 409.",
  access: "session",
  errors: [409],
  responses: { 200: { description: "The delivery, sent.", json: replies.webhookDeliveryReply } },
  async handle({ services, user, params }) {
    const delivery = await sendTestEvent(deliverNow(services), { userId: user.id, keyId: params.id });
    return { status: 200, body: { delivery } };
  },
});
