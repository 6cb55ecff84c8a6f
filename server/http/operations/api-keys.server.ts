import * as replies from "#domain/api-replies";
import { apiKeyMessages, createApiKeySchema, updateApiKeySchema } from "#domain/api-keys";
import { createApiKey, listApiKeys, revokeApiKey, setApiKeyWebhook } from "../../api-keys/api-keys.server";
import type { Services } from "../../services";
import { publicNetwork } from "../../net/address-policy.server";
import { listDeliveries, redeliver, sendTestEvent } from "../../webhooks/webhook-console.server";
import { checkWebhookUrl } from "../../webhooks/webhook-url.server";
import { requireWorkspace } from "../../workspaces/workspaces.server";
import { AppError } from "../errors.server";
import { defineOperation } from "./operation.server";

/** A webhook URL as saved: https in production, a public host now; null stays null. */
async function checkedWebhookUrl(services: Services, value: string | null | undefined) {
  if (!value) return null;
  return checkWebhookUrl(value, {
    requireHttps: services.config.isProduction,
    network: services.webhookNetwork ?? publicNetwork,
    field: "webhookUrl",
  });
}

/** Where a browser's webhook test or redelivery is posted from: the web process, under the same address policy. */
const deliverNow = (services: Services) => ({
  db: services.database.db,
  network: services.webhookNetwork ?? publicNetwork,
});

/** API keys: managed from a signed-in browser only; a key can never manage keys, only read itself. */

export const apiKeyOperations = [
  defineOperation({
    method: "get",
    path: "/api/keys/current",
    tag: "API keys",
    summary: "Read the calling API key",
    description:
      "The API key that makes this call, as the list shows it: its monthly credit cap and what it spent this month (UTC), its expiry and webhook. For API keys only: a browser session has no key, and is answered 401.",
    access: "key",
    responses: { 200: { description: "The key.", json: replies.currentApiKeyReply } },
    // The key that makes the call reads itself: its cap and what it spent this month.
    async handle({ services, user }) {
      if (!user.apiKeyId) throw new AppError("unauthorized", apiKeyMessages.keyOnly);
      const key = (await listApiKeys(services.database.db, user.id)).find((k) => k.id === user.apiKeyId);
      if (!key) throw new AppError("unauthorized", apiKeyMessages.revoked);
      return { status: 200, body: { key } };
    },
  }),
  defineOperation({
    method: "get",
    path: "/api/keys",
    tag: "API keys",
    summary: "List your API keys",
    description:
      "The keys you made for the workspace you are in and have not revoked, newest first, with what each spent this month. Never their secrets.",
    access: "session",
    responses: { 200: { description: "Your keys.", json: replies.apiKeysReply } },
    async handle({ services, user }) {
      const keys = await listApiKeys(services.database.db, user.id, user.workspace.id);
      return { status: 200, body: { keys } };
    },
  }),
  defineOperation({
    method: "post",
    path: "/api/keys",
    tag: "API keys",
    summary: "Create an API key",
    description:
      "The secret is in this answer only: it is stored hashed. A key acts as you, in one workspace (`workspaceId`: yours or a team you are in; by default the one you are in now), on every route here except key management and deleting the account, within its optional monthly credit cap. A key for a team stops working when you leave it. With `webhookUrl`, the key's jobs' endings are posted there, signed with `webhookSecret` (also in this answer only); a URL that does not reach a public address answers 400.",
    access: "session",
    json: createApiKeySchema,
    errors: [404, 409],
    responses: { 201: { description: "The key, and its secret.", json: replies.apiKeyCreatedReply } },
    async handle({ services, user, body: input }) {
      const webhookUrl = await checkedWebhookUrl(services, input.webhookUrl);
      const { db } = services.database;
      const workspace = await requireWorkspace(db, {
        userId: user.id,
        requested: input.workspaceId ?? user.workspace.id,
      });
      const created = await createApiKey(db, {
        userId: user.id,
        workspaceId: workspace.id,
        input: { ...input, webhookUrl },
      });
      return { status: 201, body: created };
    },
  }),
  defineOperation({
    method: "patch",
    path: "/api/keys/:id",
    tag: "API keys",
    summary: "Set or remove an API key's webhook",
    description:
      "The URL must reach a public address (checked now, and again at each delivery). Setting one on a key that had none makes its signing secret, in this answer only; changing the URL keeps the secret; null removes the webhook and its secret. See docs/api.md (Webhooks) for the payload and how to verify its signature.",
    access: "session",
    json: updateApiKeySchema,
    responses: {
      200: { description: "The key, and a new signing secret if one was made.", json: replies.apiKeyUpdatedReply },
    },
    // Sets or clears the key's webhook; `webhookSecret` is there only when a new one was made.
    async handle({ services, user, params, body: input }) {
      const webhookUrl = await checkedWebhookUrl(services, input.webhookUrl);
      const updated = await setApiKeyWebhook(services.database.db, { userId: user.id, keyId: params.id, webhookUrl });
      return { status: 200, body: updated };
    },
  }),
  defineOperation({
    method: "delete",
    path: "/api/keys/:id",
    tag: "API keys",
    summary: "Revoke an API key",
    description: "At once: the key's next request answers 401, and its live event streams end.",
    access: "session",
    responses: { 204: { description: "Revoked." } },
    async handle({ services, user, params }) {
      await revokeApiKey(services.database.db, { userId: user.id, keyId: params.id });
      return { status: 204 };
    },
  }),
  defineOperation({
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
  }),
  defineOperation({
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
  }),
  defineOperation({
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
  }),
];
