import { readCallingApiKeyOperation } from "./read-calling-api-key.server";
import { listApiKeysOperation } from "./list-api-keys.server";
import { createApiKeyOperation } from "./create-api-key.server";
import { setApiKeyWebhookOperation } from "./set-api-key-webhook.server";
import { revokeApiKeyOperation } from "./revoke-api-key.server";
import { sendTestWebhookEventOperation } from "./send-test-webhook-event.server";
import { listWebhookDeliveriesOperation } from "./list-webhook-deliveries.server";
import { redeliverWebhookEventOperation } from "./redeliver-webhook-event.server";

/** API keys: managed from a signed-in browser only; a key can never manage keys, only read itself. */
export const apiKeyOperations = [
  readCallingApiKeyOperation,
  listApiKeysOperation,
  createApiKeyOperation,
  setApiKeyWebhookOperation,
  revokeApiKeyOperation,
  sendTestWebhookEventOperation,
  listWebhookDeliveriesOperation,
  redeliverWebhookEventOperation,
];
