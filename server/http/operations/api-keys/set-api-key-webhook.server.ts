import * as replies from "#domain/api-replies";
import { updateApiKeySchema } from "#domain/api-keys";
import { setApiKeyWebhook } from "../../../api-keys/api-keys.server";
import { defineOperation } from "../operation.server";
import { checkedWebhookUrl } from "./shared.server";

export const setApiKeyWebhookOperation = defineOperation({
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
});
