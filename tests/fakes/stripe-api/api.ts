// The parts of Stripe's REST API Motif uses, behind the secret key: Checkout Sessions (create,
// list by payment intent, retrieve), payment intents (expand[]=latest_charge) and charges.
import type { IncomingMessage, ServerResponse } from "node:http";
import { createSession, publicSession } from "./payments.ts";
import type { Json, StripeState } from "./state.ts";
import { parseStripeForm, readBody, sendJson, stripeError } from "./wire.ts";

export async function handleApi(state: StripeState, req: IncomingMessage, res: ServerResponse, url: URL) {
  const { sessions, intents, charges } = state;
  const authorization = req.headers.authorization ?? "";
  const body = req.method === "POST" ? await readBody(req) : "";
  const params = req.method === "POST" ? parseStripeForm(body) : parseStripeForm(url.search.slice(1));
  state.fake.requests.push({ method: req.method!, path: url.pathname, params, authorization });
  if (authorization !== `Bearer ${state.apiKey}`) {
    const shown = authorization.replace(/^Bearer /, "").slice(0, 8);
    return stripeError(res, 401, "invalid_request_error", `Invalid API Key provided: ${shown}****`);
  }
  const [, , resource, id] = url.pathname.split("/");
  if (url.pathname === "/v1/checkout/sessions" && req.method === "POST") {
    const [status, answer] = createSession(state, params);
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
