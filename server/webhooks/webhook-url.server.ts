import { FieldError } from "#domain/errors";
import {
  isPublicAddress,
  resolvePublicAddress,
  WebhookAddressError,
  type WebhookNetwork,
} from "../net/address-policy.server";

/**
 * Checks a webhook URL (already well formed) before it is saved: a host that resolves, now,
 * to public addresses or networks the operator allows, and https in production unless it is
 * one of those networks (a receiver on the office network may speak plain http). Deliveries
 * check again at each attempt, since DNS answers change.
 */
export async function checkWebhookUrl(
  value: string,
  options: { requireHttps: boolean; network: WebhookNetwork; field: string },
): Promise<string> {
  const url = new URL(value);
  const plainHttp = options.requireHttps && url.protocol !== "https:";
  let pinned;
  try {
    pinned = await resolvePublicAddress(url, options.network);
  } catch (error) {
    if (!(error instanceof WebhookAddressError)) throw error;
    // The address is the reason, whatever the scheme: https would not make a private host public.
    throw new FieldError(options.field, error.message);
  }
  if (plainHttp && isPublicAddress(pinned.address))
    throw new FieldError(options.field, "The webhook URL must start with https://.");
  return url.href;
}
