import Stripe from "stripe";
import type { Config } from "../config.server";

export type Billing = NonNullable<Config["billing"]>;

const clients = new WeakMap<Billing, Stripe>();

/** The Stripe SDK for the configured account (one per configuration), at STRIPE_API_BASE when set. */
export function stripeClient(billing: Billing): Stripe {
  let client = clients.get(billing);
  if (!client) {
    client = new Stripe(billing.secretKey, {
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
