// A local stand-in for the parts of Stripe's API Motif uses, speaking its wire format:
// form-encoded POST /v1/checkout/sessions (bracketed keys) answered with a Checkout
// Session whose `url` is this fake's own hosted page; GET /v1/checkout/sessions?payment_intent=,
// /v1/payment_intents/:id (expand[]=latest_charge) and /v1/charges/:id; Stripe's error
// bodies (401 for another key, 404 for unknown ids). The hosted page has a Pay button that
// marks the session paid and then DELIVERS the webhook to the app, signed the way Stripe
// signs (`Stripe-Signature: t=<unix>,v1=<HMAC-SHA256(secret, "<t>.<payload>")>`).
// Controls (functions, or POST /__control { action, ... }) hold deliveries, release them
// twice or reversed, refund, dispute, and send forged events.
// Run alone: node tests/fakes/stripe-api.ts <port> <webhook url> <webhook secret>
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_STRIPE_KEY = "sk_test_motiffake";
export const FAKE_WEBHOOK_SECRET = "whsec_motiffake";

type Json = Record<string, unknown>;

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

const API_VERSION = "2026-10-28.endive";
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

/** Stripe's own form encoding: `a[b][0][c]=v` becomes `{ a: { b: [{ c: "v" }] } }`. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else container[slot] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = container[slot] as Record<string, unknown>;
    });
  }
  return root;
}

/** The header Stripe sends with each webhook. */
export function stripeSignature(payload: string, secret: string, timestamp = now()): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": newId("req") });
  res.end(JSON.stringify(body));
}

function stripeError(res: ServerResponse, status: number, type: string, message: string, param?: string) {
  sendJson(res, status, { error: { type, message, ...(param ? { param } : {}) } });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeStripe(
  options: { port?: number; webhookUrl?: string; webhookSecret?: string; apiKey?: string } = {},
): Promise<FakeStripe> {
  const secret = options.webhookSecret ?? FAKE_WEBHOOK_SECRET;
  const apiKey = options.apiKey ?? FAKE_STRIPE_KEY;
  const sessions = new Map<string, Json>();
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  let base = "";

  function event(type: string, object: Json): StripeEvent {
    return {
      id: newId("evt"),
      object: "event",
      api_version: API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
  }

  async function post(payload: string, signature: string | null): Promise<number> {
    const response = await fetch(fake.webhookUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        ...(signature ? { "Stripe-Signature": signature } : {}),
      },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
  }

  async function deliver(evt: StripeEvent): Promise<Delivery> {
    const payload = JSON.stringify(evt, null, 2);
    const delivery = { eventId: evt.id, type: evt.type, status: await post(payload, stripeSignature(payload, secret)) };
    fake.deliveries.push(delivery);
    return delivery;
  }

  /** Sends now, or keeps for `release` while deliveries are held. */
  async function emit(evt: StripeEvent): Promise<StripeEvent> {
    if (fake.hold) fake.held.push(evt);
    else await deliver(evt);
    return evt;
  }

  function requireSession(id: string): Json {
    const session = sessions.get(id);
    if (!session) throw new Error(`No such checkout session: ${id}`);
    return session;
  }

  function chargeOf(sessionId: string): Json {
    const intent = intents.get(requireSession(sessionId).payment_intent as string);
    if (!intent) throw new Error(`Session ${sessionId} is not paid`);
    return charges.get(intent.latest_charge as string)!;
  }

  function createPayment(session: Json) {
    const chargeId = newId("ch");
    const intentId = newId("pi");
    const amount = session.amount_total as number;
    const metadata = (session.payment_intent_data as Json | undefined)?.metadata ?? {};
    charges.set(chargeId, {
      id: chargeId,
      object: "charge",
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      currency: session.currency,
      captured: true,
      disputed: false,
      livemode: false,
      metadata,
      paid: true,
      payment_intent: intentId,
      receipt_url: `${base}/receipts/${chargeId}`,
      refunded: false,
      status: "succeeded",
      created: now(),
    });
    intents.set(intentId, {
      id: intentId,
      object: "payment_intent",
      amount,
      amount_received: amount,
      currency: session.currency,
      latest_charge: chargeId,
      livemode: false,
      metadata,
      status: "succeeded",
      created: now(),
    });
    session.payment_intent = intentId;
  }

  async function pay(sessionId: string, payOptions: { async?: boolean } = {}) {
    const session = requireSession(sessionId);
    if (session.status !== "open") throw new Error(`Session ${sessionId} is ${String(session.status)}`);
    createPayment(session);
    session.status = "complete";
    session.payment_status = payOptions.async ? "unpaid" : "paid";
    return emit(event("checkout.session.completed", session));
  }

  function publicSession(session: Json): Json {
    const { payment_intent_data: _, line_items: __, ...rest } = session;
    return rest;
  }

  function createSession(params: Json): [number, Json] {
    const items = (params.line_items as Json[] | undefined) ?? [];
    const priceData = items[0]?.price_data as Json | undefined;
    if (params.mode !== "payment" || !priceData) {
      return [400, { error: { type: "invalid_request_error", message: "Missing required param: line_items." } }];
    }
    if (!params.success_url) {
      return [400, { error: { type: "invalid_request_error", message: "Missing required param: success_url." } }];
    }
    const quantity = Number(items[0]!.quantity ?? 1);
    const amount = Number(priceData.unit_amount) * quantity;
    const id = `cs_test_${randomBytes(16).toString("hex")}`;
    const session: Json = {
      id,
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: now(),
      currency: String(priceData.currency).toLowerCase(),
      customer_email: params.customer_email ?? null,
      expires_at: now() + 86_400,
      livemode: false,
      metadata: params.metadata ?? {},
      mode: "payment",
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: params.success_url,
      url: `${base}/pay/${id}`,
      line_items: items,
      payment_intent_data: params.payment_intent_data ?? {},
    };
    sessions.set(id, session);
    return [200, publicSession(session)];
  }

  function hostedPage(session: Json): string {
    const item = (session.line_items as Json[])[0]!;
    const name = String(((item.price_data as Json).product_data as Json).name);
    const price = new Intl.NumberFormat("en", {
      style: "currency",
      currency: String(session.currency).toUpperCase(),
    }).format((session.amount_total as number) / 100);
    return (
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay · Fake Stripe Checkout</title></head>` +
      `<body><main><h1>Fake Stripe Checkout</h1><p data-testid="checkout-item">${escapeHtml(name)}</p>` +
      `<p data-testid="checkout-price">${escapeHtml(price)}</p>` +
      (session.status === "open"
        ? `<form method="post" action="/pay/${session.id as string}"><button type="submit">Pay ${escapeHtml(price)}</button></form>` +
          `<p><a href="${escapeHtml(String(session.cancel_url))}">Back</a></p>`
        : `<p>This session is ${escapeHtml(String(session.status))}.</p>`) +
      `</main></body></html>`
    );
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const authorization = req.headers.authorization ?? "";
    const body = req.method === "POST" ? await readBody(req) : "";
    const params = req.method === "POST" ? parseStripeForm(body) : parseStripeForm(url.search.slice(1));
    fake.requests.push({ method: req.method!, path: url.pathname, params, authorization });
    if (authorization !== `Bearer ${apiKey}`) {
      const shown = authorization.replace(/^Bearer /, "").slice(0, 8);
      return stripeError(res, 401, "invalid_request_error", `Invalid API Key provided: ${shown}****`);
    }
    const [, , resource, id] = url.pathname.split("/");
    if (url.pathname === "/v1/checkout/sessions" && req.method === "POST") {
      const [status, answer] = createSession(params);
      return sendJson(res, status, answer);
    }
    if (url.pathname === "/v1/checkout/sessions" && req.method === "GET") {
      const wanted = params.payment_intent;
      const data = [...sessions.values()]
        .filter((s) => !wanted || s.payment_intent === wanted)
        .slice(0, Number(params.limit ?? 10))
        .map(publicSession);
      return sendJson(res, 200, { object: "list", data, has_more: false, url: "/v1/checkout/sessions" });
    }
    if (url.pathname.startsWith("/v1/checkout/sessions/") && req.method === "GET") {
      const session = sessions.get(url.pathname.split("/")[4]!);
      if (!session) return stripeError(res, 404, "invalid_request_error", "No such checkout.session", "session");
      return sendJson(res, 200, publicSession(session));
    }
    if (resource === "payment_intents" && id && req.method === "GET") {
      const intent = intents.get(id);
      if (!intent) return stripeError(res, 404, "invalid_request_error", `No such payment_intent: '${id}'`, "intent");
      const expand = Object.values((params.expand as Json | string[] | undefined) ?? {});
      const answer = { ...intent };
      if (expand.includes("latest_charge")) answer.latest_charge = charges.get(intent.latest_charge as string);
      return sendJson(res, 200, answer);
    }
    if (resource === "charges" && id && req.method === "GET") {
      const charge = charges.get(id);
      if (!charge) return stripeError(res, 404, "invalid_request_error", `No such charge: '${id}'`, "id");
      return sendJson(res, 200, charge);
    }
    return stripeError(res, 404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse) {
    const input = JSON.parse((await readBody(req)) || "{}") as Json;
    const sessionId = String(input.sessionId ?? "");
    switch (input.action) {
      case "hold":
        fake.hold = input.hold !== false;
        return sendJson(res, 200, { hold: fake.hold, held: fake.held.length });
      case "release":
        // Over HTTP, releasing also ends the hold: what comes next is delivered at once.
        fake.hold = false;
        return sendJson(res, 200, {
          deliveries: await fake.release({ times: Number(input.times ?? 1), reversed: input.reversed === true }),
        });
      case "refund":
        return sendJson(res, 200, await fake.refund(sessionId, input.amount as number | undefined));
      case "dispute":
        return sendJson(res, 200, await fake.closeDispute(sessionId, input.status === "won" ? "won" : "lost"));
      case "sessions":
        return sendJson(res, 200, { sessions: [...sessions.values()].map(publicSession) });
      default:
        return sendJson(res, 400, { error: "unknown action" });
    }
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake-stripe");
    void (async () => {
      if (url.pathname === "/healthz") return sendJson(res, 200, { ok: true });
      if (url.pathname === "/__control" && req.method === "POST") return handleControl(req, res);
      if (url.pathname.startsWith("/v1/")) return handleApi(req, res, url);
      const [, page, id] = url.pathname.split("/");
      if (page === "pay" && id && sessions.has(id)) {
        const session = sessions.get(id)!;
        if (req.method === "POST") {
          await readBody(req);
          if (session.status === "open") await pay(id);
          // Stripe sends the buyer back with the session id in place of the template.
          res.writeHead(303, { Location: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", id) });
          return res.end();
        }
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        return res.end(hostedPage(session));
      }
      if (page === "receipts" && id && charges.has(id)) {
        const charge = charges.get(id)!;
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        return res.end(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Receipt</title></head>` +
            `<body><h1>Receipt</h1><p>${escapeHtml(id)}: ${charge.amount as number} ${escapeHtml(String(charge.currency))}</p></body></html>`,
        );
      }
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("Not found");
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeStripe = {
    url: base,
    requests: [],
    sessions,
    webhookUrl: options.webhookUrl ?? "",
    hold: false,
    held: [],
    deliveries: [],
    pay,
    async settleAsync(sessionId) {
      const session = requireSession(sessionId);
      session.payment_status = "paid";
      return emit(event("checkout.session.async_payment_succeeded", session));
    },
    async refund(sessionId, amount) {
      const charge = chargeOf(sessionId);
      const left = (charge.amount as number) - (charge.amount_refunded as number);
      charge.amount_refunded = (charge.amount_refunded as number) + Math.min(amount ?? left, left);
      charge.refunded = charge.amount_refunded === charge.amount;
      return emit(event("charge.refunded", charge));
    },
    async closeDispute(sessionId, status) {
      const charge = chargeOf(sessionId);
      charge.disputed = true;
      return emit(
        event("charge.dispute.closed", {
          id: newId("dp"),
          object: "dispute",
          amount: charge.amount,
          charge: charge.id,
          currency: charge.currency,
          livemode: false,
          metadata: {},
          payment_intent: charge.payment_intent,
          reason: "fraudulent",
          status,
          created: now(),
        }),
      );
    },
    async release(releaseOptions = {}) {
      const events = fake.held.splice(0);
      if (releaseOptions.reversed) events.reverse();
      const deliveries: Delivery[] = [];
      for (const evt of events) {
        for (let i = 0; i < (releaseOptions.times ?? 1); i++) deliveries.push(await deliver(evt));
      }
      return deliveries;
    },
    deliver,
    async deliverForged(evt, how) {
      const payload = JSON.stringify(evt, null, 2);
      let sent = payload;
      let signature: string | null = stripeSignature(payload, secret);
      if (how === "wrong-secret") signature = stripeSignature(payload, "whsec_not_the_endpoint_secret");
      // Signed, then changed on the way: far more credits than were paid for.
      if (how === "tampered-body") sent = payload.replace(/"motif_credits": "\d+"/g, '"motif_credits": "1000000"');
      if (how === "no-signature") signature = null;
      // Stripe's default tolerance is five minutes: an older signature is a replay.
      if (how === "stale-timestamp") signature = stripeSignature(payload, secret, now() - 3600);
      const delivery = { eventId: evt.id, type: evt.type, status: await post(sent, signature) };
      fake.deliveries.push(delivery);
      return delivery;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeStripe({
    port: Number(process.argv[2]),
    webhookUrl: process.argv[3],
    webhookSecret: process.argv[4],
  });
  console.log(`fake Stripe API on ${fake.url}, webhooks to ${fake.webhookUrl}`);
}
