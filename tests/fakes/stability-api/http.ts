// The fake Stability's HTTP routes: /__control and /healthz, then, behind "Authorization: Bearer
// <key>", the v1 account and balance, the v2beta image endpoints (multipart/form-data, answered
// with the image's bytes for Accept: image/*, or base64 JSON for application/json) and the
// results of asynchronous ones (202 while in progress).
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { takeConnectionFault } from "../connection-faults.ts";
import { ENDPOINTS, validate } from "./endpoints.ts";
import { contentTypeOf, receiveImage, type OutputFormat } from "./images.ts";
import { replyTo, type Reply } from "./reply.ts";
import { resetState, takeFailure, type RecordedRequest, type StabilityState } from "./state.ts";

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const MODERATED =
  "Your request was flagged by our content moderation system, as a result your request was denied and you were not charged.";

export async function handleRequest(state: StabilityState, req: IncomingMessage, res: ServerResponse) {
  const { control } = state;
  const path = new URL(req.url ?? "/", "http://localhost").pathname;
  const reply = replyTo(res, state.stalls);
  if (takeConnectionFault(control.connectionFault, state.connectionFaults, req)) return;
  const body = await readBody(req);

  if (path === "/healthz") return reply.json(200, { ok: true });
  if (path === "/__control") {
    if (req.method === "POST") Object.assign(control, JSON.parse(body.toString() || "{}"));
    if (req.method === "DELETE") resetState(state);
    return reply.json(200, { control, requests: state.requests.length, abandoned: state.abandoned.length });
  }
  if (control.latencyMs) await new Promise((r) => setTimeout(r, control.latencyMs));

  const authorized = req.headers.authorization === `Bearer ${state.apiKey}`;
  if (path.startsWith("/v1/")) {
    if (!authorized) return reply.v1Error(401, "unauthorized", "Missing or invalid API key");
    if (req.method === "GET" && path === "/v1/user/account") {
      state.calls.account++;
      return reply.json(200, {
        id: "user-fake-0001",
        email: state.email,
        profile_picture: "",
        organizations: [{ id: "org-fake-0001", name: "Motif tests", role: "OWNER", is_default: true }],
      });
    }
    if (req.method === "GET" && path === "/v1/user/balance") {
      state.calls.balance++;
      return reply.json(200, { credits: state.credits });
    }
    return reply.v1Error(404, "not_found", `No route for ${req.method} ${path}`);
  }
  if (!authorized) return reply.error(401, "unauthorized", ["authorization: invalid or missing header value"]);

  const result = /^\/v2beta\/results\/([^/]+)$/.exec(path);
  if (result && req.method === "GET") return answerResult(state, reply, res, result[1]!, accept(req));
  const endpoint = /^\/v2beta\/stable-image\/(.+)$/.exec(path)?.[1];
  if (endpoint && ENDPOINTS[endpoint] && req.method === "POST") {
    return answerImage(state, reply, res, req, endpoint, body);
  }
  return reply.error(404, "not_found", [`${req.method} ${path}: no such endpoint`]);
}

const accept = (req: IncomingMessage) => req.headers.accept;

async function answerImage(
  state: StabilityState,
  reply: Reply,
  res: ServerResponse,
  req: IncomingMessage,
  endpoint: string,
  body: Buffer,
) {
  state.calls.image++;
  const spec = ENDPOINTS[endpoint]!;
  let form: FormData;
  try {
    form = await new Request("http://fake/", {
      method: "POST",
      headers: { "content-type": String(req.headers["content-type"] ?? "") },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    return reply.error(400, "bad_request", ["content-type: the body must be multipart/form-data"]);
  }
  const recorded: RecordedRequest = { endpoint, accept: accept(req), fields: {}, order: [], images: {}, status: 0 };
  state.requests.push(recorded);
  const answer = (status: number) => (recorded.status = status);
  const images: Record<string, Awaited<ReturnType<typeof receiveImage>>> = {};
  const bytes: Record<string, Buffer> = {};
  for (const [name, value] of form.entries()) {
    recorded.order.push(name);
    if (typeof value === "string") recorded.fields[name] = value;
    else {
      bytes[name] = Buffer.from(await value.arrayBuffer());
      images[name] = await receiveImage(bytes[name], value.type, value.name);
      if (images[name]) recorded.images[name] = images[name];
    }
  }
  // No Accept, or any, is image/*: the reference's default.
  const wanted = !recorded.accept || recorded.accept === "*/*" ? "image/*" : recorded.accept;
  if (!spec.async && !wanted.includes("image/") && !wanted.includes("application/json")) {
    answer(400);
    return reply.error(400, "bad_request", ["accept: must be image/* or application/json"]);
  }
  const errors = validate(spec, recorded.fields, images);
  if (errors.length > 0) {
    answer(400);
    return reply.error(400, "bad_request", errors);
  }

  const { control } = state;
  const failure = takeFailure(state, false);
  if (failure === "rate_limit") {
    answer(429);
    return reply.error(429, "rate_limit_exceeded", [
      "You have exceeded the rate limit of 150 requests within a 10 second period, and have been timed out for 60 seconds.",
    ]);
  }
  if (failure === "server_error") {
    answer(500);
    return reply.error(500, "internal_error", ["An unexpected server error has occurred, please try again later."]);
  }
  if (failure === "moderation") {
    answer(403);
    return reply.error(403, "content_moderation", [MODERATED]);
  }
  if (failure === "payment") {
    answer(402);
    return reply.error(402, "payment_required", ["You lack sufficient credits to make this request."]);
  }
  if (failure === "wrong_type") {
    answer(200);
    return reply.raw(200, "text/html; charset=utf-8", "<html><body>Service maintenance</body></html>");
  }
  if (failure === "not_an_image") {
    answer(200);
    return reply.raw(200, "image/png", Buffer.from("\x89PNG\r\n\x1a\nthis is not an image"));
  }
  if (control.stall === "image") return stallFor(state, reply, res, endpoint);
  if (control.hold) {
    res.on("close", () => state.abandoned.push(endpoint));
    return;
  }

  const format = (recorded.fields.output_format ?? "png") as OutputFormat;
  const image = await spec.output({ fields: recorded.fields, images: recorded.images, bytes, format });
  const seed = Number(recorded.fields.seed ?? 0) || Math.floor(Math.random() * 4294967294) + 1;
  if (spec.async) {
    const id = randomBytes(32).toString("hex");
    state.results.set(id, { image, pollsLeft: control.resultPolls });
    answer(200);
    return reply.json(200, { id });
  }
  answer(200);
  if (failure === "filtered") {
    // Moderation blurs the image and says so in its finish reason.
    return reply.image(image, { type: contentTypeOf(format), seed, finishReason: "CONTENT_FILTERED", accept: wanted });
  }
  return reply.image(image, { type: contentTypeOf(format), seed, accept: wanted });
}

function stallFor(state: StabilityState, reply: Reply, res: ServerResponse, what: string) {
  res.on("close", () => state.abandoned.push(what));
  return reply.stall();
}

function answerResult(
  state: StabilityState,
  reply: Reply,
  res: ServerResponse,
  id: string,
  wanted: string | undefined,
) {
  state.calls.results++;
  const stored = state.results.get(id);
  if (!stored || takeFailure(state, true) === "expired") {
    return reply.error(404, "not_found", [`generation with id ${id} was not found (results are kept for 24 hours)`]);
  }
  if (state.control.stall === "result") return stallFor(state, reply, res, "results");
  if (state.control.holdInProgress || stored.pollsLeft > 0) {
    stored.pollsLeft--;
    return reply.json(202, { id, status: "in-progress" });
  }
  return reply.image(stored.image, { type: "image/png", seed: 1, accept: wanted ?? "image/*" });
}
