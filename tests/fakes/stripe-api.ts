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
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { handleApi } from "./stripe-api/api.ts";
import { handlePayPage, handleReceipt } from "./stripe-api/pages.ts";
import { closeDispute, pay, publicSession, refund, settleAsync } from "./stripe-api/payments.ts";
import type { FakeStripe, Json, StripeState } from "./stripe-api/state.ts";
import { deliver, deliverForged, release } from "./stripe-api/webhooks.ts";
import { readBody, sendJson } from "./stripe-api/wire.ts";

export type { Delivery, FakeStripe, Forgery, StripeEvent } from "./stripe-api/state.ts";
export { parseStripeForm, stripeSignature } from "./stripe-api/wire.ts";

export const FAKE_STRIPE_KEY = "sk_test_motiffake";
export const FAKE_WEBHOOK_SECRET = "whsec_motiffake";

/** POST /__control { action, ... }: the controls, over HTTP, for a fake run alone. */
async function handleControl(state: StripeState, req: IncomingMessage, res: ServerResponse) {
  const { fake } = state;
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
      return sendJson(res, 200, { sessions: [...state.sessions.values()].map(publicSession) });
    default:
      return sendJson(res, 400, { error: "unknown action" });
  }
}

export async function startFakeStripe(
  options: { port?: number; webhookUrl?: string; webhookSecret?: string; apiKey?: string } = {},
): Promise<FakeStripe> {
  const sessions = new Map<string, Json>();

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake-stripe");
    void (async () => {
      if (url.pathname === "/healthz") return sendJson(res, 200, { ok: true });
      if (url.pathname === "/__control" && req.method === "POST") return handleControl(state, req, res);
      if (url.pathname.startsWith("/v1/")) return handleApi(state, req, res, url);
      const [, page, id] = url.pathname.split("/");
      if (page === "pay" && id && sessions.has(id)) return handlePayPage(state, req, res, id);
      if (page === "receipts" && id && state.charges.has(id)) return handleReceipt(state, res, id);
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("Not found");
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeStripe = {
    url: base,
    requests: [],
    sessions,
    webhookUrl: options.webhookUrl ?? "",
    hold: false,
    held: [],
    deliveries: [],
    pay: (sessionId, payOptions) => pay(state, sessionId, payOptions),
    settleAsync: (sessionId) => settleAsync(state, sessionId),
    refund: (sessionId, amount) => refund(state, sessionId, amount),
    closeDispute: (sessionId, status) => closeDispute(state, sessionId, status),
    release: (releaseOptions) => release(state, releaseOptions),
    deliver: (evt) => deliver(state, evt),
    deliverForged: (evt, how) => deliverForged(state, evt, how),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const state: StripeState = {
    secret: options.webhookSecret ?? FAKE_WEBHOOK_SECRET,
    apiKey: options.apiKey ?? FAKE_STRIPE_KEY,
    sessions,
    intents: new Map(),
    charges: new Map(),
    base,
    fake,
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
