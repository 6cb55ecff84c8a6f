import { AppError } from "#domain/errors";
import { resolvePublicAddress, WebhookAddressError, type WebhookNetwork } from "./address-policy.server";

/**
 * Checks a webhook URL (already well formed) before it is saved: https in production,
 * and a host that resolves, now, to public addresses only. Deliveries check again at
 * each attempt, since DNS answers change.
 */
export async function checkWebhookUrl(
  value: string,
  options: { requireHttps: boolean; network: WebhookNetwork },
): Promise<string> {
  const url = new URL(value);
  if (options.requireHttps && url.protocol !== "https:") {
    throw new AppError("bad_request", "The webhook URL must start with https://.");
  }
  try {
    await resolvePublicAddress(url, options.network);
  } catch (error) {
    if (error instanceof WebhookAddressError) throw new AppError("bad_request", error.message);
    throw error;
  }
  return url.href;
}
