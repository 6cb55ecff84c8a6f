import type Stripe from "stripe";
import type { Config } from "../config.server";

export type Billing = NonNullable<Config["billing"]>;

const clients = new WeakMap<Billing, Stripe>();

/**
 * The Stripe SDK for the configured account (one per configuration), at STRIPE_API_BASE
 * when set. Loaded on first use: an instance that sells nothing never loads it.
 */
export async function stripeClient(billing: Billing): Promise<Stripe> {
  let client = clients.get(billing);
  if (!client) {
    const { default: StripeSdk } = await import("stripe");
    client = new StripeSdk(billing.secretKey, {
      ...billing.api,
      // A webhook answer waits on these calls: fail fast and let Stripe redeliver.
      timeout: 20_000,
      maxNetworkRetries: 2,
      appInfo: { name: "Motif" },
    });
    clients.set(billing, client);
  }
  return client;
}
