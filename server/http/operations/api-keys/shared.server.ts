import type { Services } from "../../../services";
import { publicNetwork } from "../../../net/address-policy.server";
import { checkWebhookUrl } from "../../../webhooks/webhook-url.server";

/** A webhook URL as saved: https in production, a public host now; null stays null. */
export async function checkedWebhookUrl(services: Services, value: string | null | undefined) {
  if (!value) return null;
  return checkWebhookUrl(value, {
    requireHttps: services.config.isProduction,
    network: services.webhookNetwork ?? publicNetwork,
    field: "webhookUrl",
  });
}

/** Where a browser's webhook test or redelivery is posted from: the web process, under the same address policy. */
export const deliverNow = (services: Services) => ({
  db: services.database.db,
  network: services.webhookNetwork ?? publicNetwork,
});
