// The fake Recraft's HTTP routes: /healthz, /__control and the public /delivery/ links first,
// then, behind "Authorization: Bearer <key>" (401 as Recraft answers a missing or wrong token),
// GET /v1/users/me, the image endpoints and POST /v1/styles. Failures are played on the image
// endpoints only, as `control` says.
import type { IncomingMessage } from "node:http";
import type { ServerResponse } from "node:http";
import { takeConnectionFault } from "../connection-faults.ts";
import { changeImage, createStyle, generation, oneFileTool, type Parsed } from "./endpoints.ts";
import { receiveImage } from "./images.ts";
import { replyTo, type Reply } from "./reply.ts";
import { resetState, type RecordedCall, type RecraftFailure, type RecraftState } from "./state.ts";

const ONE_FILE_TOOLS = [
  "/v1/images/vectorize",
  "/v1/images/removeBackground",
  "/v1/images/crispUpscale",
  "/v1/images/creativeUpscale",
];
const CHANGES = ["/v1/images/imageToImage", "/v1/images/inpaint", "/v1/images/generateBackground"];

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function handleRequest(state: RecraftState, req: IncomingMessage, res: ServerResponse) {
  const { control } = state;
  const path = new URL(req.url ?? "/", "http://localhost").pathname;
  const reply = replyTo(res, state.stalls);
  if (path === "/healthz") return reply.json(200, { ok: true });
  if (takeConnectionFault(control.connectionFault, state.connectionFaults, req)) return;
  const body = await readBody(req);
  if (path === "/__control") {
    if (req.method === "POST") Object.assign(control, JSON.parse(body.toString() || "{}"));
    if (req.method === "DELETE") resetState(state);
    return reply.json(200, { control, calls: state.calls.length });
  }
  if (control.latencyMs) await new Promise((r) => setTimeout(r, control.latencyMs));
  const authorization = req.headers.authorization;
  if (req.method === "GET" && path.startsWith("/delivery/")) return serveResult(state, reply, path, authorization);

  if (authorization !== `Bearer ${state.key}`) {
    return reply.json(401, { code: "not_authenticated", message: "Invalid or missing API token" });
  }
  if (req.method === "GET" && path === "/v1/users/me") {
    return reply.json(200, {
      id: "7a1c0d9e-user",
      name: "Motif Studio",
      email: "studio@example.com",
      credits: state.credits,
    });
  }
  const known =
    path === "/v1/images/generations" ||
    path === "/v1/styles" ||
    ONE_FILE_TOOLS.includes(path) ||
    CHANGES.includes(path);
  if (!known) return reply.json(404, { code: "not_found", message: "Not Found" });
  if (req.method !== "POST") return reply.json(405, { code: "method_not_allowed", message: "Method Not Allowed" });

  const call: RecordedCall = { path, fields: {}, files: {}, authorization, status: 0 };
  state.calls.push(call);
  const answer = await answerCall(state, req, path, body, call);
  call.status = answer.status;
  if (control.stall === "call" && answer.status === 200) return reply.stall();
  return reply.json(answer.status, answer.body);
}

async function answerCall(state: RecraftState, req: IncomingMessage, path: string, body: Buffer, call: RecordedCall) {
  const type = req.headers["content-type"] ?? "";
  let parsed: Parsed;
  if (path === "/v1/images/generations") {
    if (!type.startsWith("application/json"))
      return { status: 400, body: { code: "invalid_request", message: "the body must be JSON" } };
    try {
      parsed = { fields: JSON.parse(body.toString()) as Record<string, unknown>, files: {} };
    } catch {
      return { status: 400, body: { code: "invalid_request", message: "the body is not valid JSON" } };
    }
  } else {
    if (!type.startsWith("multipart/form-data"))
      return { status: 400, body: { code: "invalid_request", message: "the body must be multipart/form-data" } };
    parsed = await readForm(body, type);
  }
  call.fields = { ...parsed.fields };
  for (const [name, parts] of Object.entries(parsed.files)) {
    call.files[name] = parts.map(
      (part) =>
        part.received ?? { width: 0, height: 0, hasAlpha: false, channels: 0, whitePixels: 0, bytes: part.data.length },
    );
  }
  const failure = takeFailure(state);
  if (failure && path !== "/v1/styles") return failureAnswer(failure);
  if (path === "/v1/images/generations") return generation(state, call, parsed.fields);
  if (path === "/v1/styles") return createStyle(state, parsed);
  if (CHANGES.includes(path)) return changeImage(state, path, parsed);
  return oneFileTool(state, path, parsed);
}

async function readForm(body: Buffer, type: string): Promise<Parsed> {
  const form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
  const parsed: Parsed = { fields: {}, files: {} };
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") parsed.fields[name] = value;
    else {
      const data = Buffer.from(await value.arrayBuffer());
      (parsed.files[name] ??= []).push({ data, received: await receiveImage(data) });
    }
  }
  return parsed;
}

function takeFailure(state: RecraftState): RecraftFailure | null {
  const { control } = state;
  if (control.failAlways) return control.failAlways;
  if (control.failNext && control.failNext.count > 0) {
    control.failNext.count--;
    const kind = control.failNext.kind;
    if (control.failNext.count === 0) control.failNext = null;
    return kind;
  }
  return null;
}

function failureAnswer(kind: RecraftFailure) {
  if (kind === "rate_limit")
    return { status: 429, body: { code: "rate_limit_exceeded", message: "Too many requests" } };
  if (kind === "server_error")
    return { status: 500, body: { code: "internal_error", message: "Internal server error" } };
  if (kind === "not_enough_credits")
    return { status: 402, body: { code: "not_enough_credits", message: "Not enough API units" } };
  return {
    status: 400,
    body: { code: "inappropriate_content", message: "The prompt was flagged by the moderation system" },
  };
}

function serveResult(state: RecraftState, reply: Reply, path: string, authorization: string | undefined) {
  state.downloads.push({ path, authorization });
  const result = state.results.get(path);
  const { control } = state;
  const fault = control.resultTimes === 0 ? null : control.result;
  if (fault && control.resultTimes !== null) control.resultTimes--;
  if (!result || fault === "expired") {
    return reply.raw(404, "application/xml", '<?xml version="1.0"?><Error><Code>NoSuchKey</Code></Error>');
  }
  if (control.stall === "result") return reply.stall(result.contentType);
  if (fault === "html") return reply.raw(200, "text/html", "<html><body>Sign in to continue</body></html>");
  if (fault === "not_an_image") return reply.raw(200, "image/png", Buffer.from("not an image at all"));
  if (result.contentType === "image/svg+xml" && fault === "svg_script") {
    return reply.raw(
      200,
      result.contentType,
      result.data.toString().replace("</svg>", "<script>alert(document.cookie)</script></svg>"),
    );
  }
  if (result.contentType === "image/svg+xml" && fault === "svg_outside_link") {
    return reply.raw(
      200,
      result.contentType,
      result.data
        .toString()
        .replace("</svg>", '<image href="https://tracker.example/pixel.png" width="1" height="1"/></svg>'),
    );
  }
  return reply.raw(200, result.contentType, result.data);
}
