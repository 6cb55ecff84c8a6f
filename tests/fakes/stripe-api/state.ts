// The fake Stripe's types and state: the events it sends, the public object tests hold, and the
// state its parts share (the keys, the account's sessions, payment intents and charges).
export type Json = Record<string, unknown>;

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: Json };
}

export interface Delivery {
  eventId: string;
  type: string;
  status: number;
}

export type Forgery = "wrong-secret" | "tampered-body" | "no-signature" | "stale-timestamp";

export interface FakeStripe {
  url: string;
  /** Every API request the SDK made, its form or query decoded. */
  requests: { method: string; path: string; params: Json; authorization: string }[];
  sessions: Map<string, Json>;
  /** Where webhooks go; settable after start (the app may start later). */
  webhookUrl: string;
  /** While true, events wait in `held` instead of being delivered. */
  hold: boolean;
  held: StripeEvent[];
  deliveries: Delivery[];
  /** Pays a session as the hosted page's Pay button does; `async` completes it unpaid first (a bank debit). */
  pay(sessionId: string, options?: { async?: boolean }): Promise<StripeEvent>;
  /** The async payment of an unpaid completed session succeeds. */
  settleAsync(sessionId: string): Promise<StripeEvent>;
  /** Refunds `amount` (all that is left when omitted) of the session's charge. */
  refund(sessionId: string, amount?: number): Promise<StripeEvent>;
  /** A dispute of the session's charge closes with `status`. */
  closeDispute(sessionId: string, status: "lost" | "won"): Promise<StripeEvent>;
  /** Delivers the held events, each `times` times, in order or reversed; answers each delivery. */
  release(options?: { times?: number; reversed?: boolean }): Promise<Delivery[]>;
  /** Delivers `event` again, signed properly. */
  deliver(event: StripeEvent): Promise<Delivery>;
  /** Delivers `event` with a signature that must not verify. */
  deliverForged(event: StripeEvent, how: Forgery): Promise<Delivery>;
  close(): Promise<void>;
}

export interface StripeState {
  /** The webhook endpoint's signing secret. */
  secret: string;
  /** The secret key API requests must carry. */
  apiKey: string;
  sessions: Map<string, Json>;
  intents: Map<string, Json>;
  charges: Map<string, Json>;
  /** This fake's address: hosted pages and receipts are under it. */
  base: string;
  /** The object tests hold: where webhooks go, whether they are held, what was delivered and requested. */
  fake: FakeStripe;
}
