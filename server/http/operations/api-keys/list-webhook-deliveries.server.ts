import * as replies from "#domain/api-replies";
import { listDeliveries } from "../../../webhooks/webhook-console.server";
import { defineOperation } from "../operation.server";

export const listWebhookDeliveriesOperation = defineOperation({
  method: "get",
  path: "/api/keys/:id/webhook/deliveries",
  tag: "API keys",
  summary: "List a key's webhook deliveries",
  description:
    "The key's 50 most recent events, newest first: each job ending and test event, whether it was delivered, is still being retried or failed, after how many attempts, and the receiver's last status and the start of its answer.",
  access: "session",
  responses: { 200: { description: "The deliveries.", json: replies.webhookDeliveriesReply } },
  async handle({ services, user, params }) {
    const deliveries = await listDeliveries(services.database.db, { userId: user.id, keyId: params.id });
    return { status: 200, body: { deliveries } };
  },
});
