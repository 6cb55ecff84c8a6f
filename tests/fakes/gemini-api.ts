// A local stand-in for Google's Gemini API (generativelanguage.googleapis.com), speaking
// its REST wire format: POST /v1beta/models/{model}:generateContent with inline image
// parts and an image config, answered with an opaque PNG of the asked aspect ratio and
// usage metadata; GET /v1beta/models/{model} and the models list a connection check
// reads; Google's error bodies ({error:{code,message,status}}) for a missing or bad key,
// an unknown model, a bad request, quota (429 RESOURCE_EXHAUSTED) and server errors; the
// ways it declines (a blocked prompt, an IMAGE_SAFETY finish, no candidates, words
// instead of an image); and an answer that sends its headers and then stalls the body.
// Behaviour is set through POST /__control. Run alone: node tests/fakes/gemini-api.ts <port>
import { takeConnectionFault } from "./connection-faults.ts";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { generateContent } from "./gemini-api/generate.ts";
import { MODELS, modelResource } from "./gemini-api/models.ts";
import { googleError, replyTo } from "./gemini-api/replies.ts";
import { createState, resetState, type GeminiState } from "./gemini-api/state.ts";

export type { FakeGeminiControl, RecordedGeminiRequest, Refusal } from "./gemini-api/state.ts";

/** The key the fake refuses as not valid (any other non-empty key is accepted). */
export const INVALID_GEMINI_KEY = "AIza-not-a-valid-key";

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The routes: /healthz, /__control and /__requests, then, behind the key, the models and generateContent. */
async function handleRequest(state: GeminiState, req: IncomingMessage, res: ServerResponse) {
  const { control, requests, modelLookups, stalls } = state;
  const url = new URL(req.url ?? "/", "http://localhost");
  const reply = replyTo(res, stalls);
  const { json, send, stallBody } = reply;
  if (takeConnectionFault(control.connectionFault, state.connectionFaults, req)) return;
  const body = await readBody(req);

  if (url.pathname === "/healthz") return json(200, { ok: true });
  if (url.pathname === "/__control") {
    if (req.method === "POST") Object.assign(control, JSON.parse(body.toString() || "{}"));
    if (req.method === "DELETE") resetState(state);
    return json(200, { control, requests: requests.length, stalls });
  }
  if (url.pathname === "/__requests")
    return json(
      200,
      requests.map(({ inlineImages: _, ...rest }) => rest),
    );

  const route = /^\/v1beta\/models(?:\/([^/:]+)(?::(\w+))?)?$/.exec(url.pathname);
  if (!route) return send(googleError(404, "NOT_FOUND", `Not found: ${url.pathname}`));
  const [, modelId, method] = route;

  const apiKey = (req.headers["x-goog-api-key"] as string | undefined) ?? url.searchParams.get("key") ?? "";
  if (!apiKey)
    return send(
      googleError(
        403,
        "PERMISSION_DENIED",
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      ),
    );
  if (apiKey === INVALID_GEMINI_KEY)
    return send(
      googleError(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", [
        {
          "@type": "type.googleapis.com/google.rpc.ErrorInfo",
          reason: "API_KEY_INVALID",
          domain: "googleapis.com",
          metadata: { service: "generativelanguage.googleapis.com" },
        },
      ]),
    );

  if (control.latencyMs) await new Promise((r) => setTimeout(r, control.latencyMs));

  // Model lookups: the free calls.
  if (req.method === "GET" && !method) {
    modelLookups.push(apiKey);
    if (control.stallBody?.prompt === null) return stallBody();
    if (!modelId) {
      return json(200, { models: Object.entries(MODELS).map(([id, model]) => modelResource(id, model)) });
    }
    const model = MODELS[modelId];
    if (!model) return send(googleError(404, "NOT_FOUND", `models/${modelId} is not found for API version v1beta.`));
    return json(200, modelResource(modelId, model));
  }
  if (req.method !== "POST" || method !== "generateContent" || !modelId)
    return send(googleError(404, "NOT_FOUND", `Not found: ${req.method} ${url.pathname}`));

  return generateContent(state, reply, modelId, apiKey, body);
}

export async function startFakeGemini(port = 0) {
  const state = createState();
  const { control, requests, modelLookups, connectionFaults, stalls } = state;
  const server: Server = createServer((req, res) => handleRequest(state, req, res));

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    control,
    requests,
    modelLookups,
    /** How many requests the connection fault matched and was played on. */
    connectionFaults,
    stalls,
    /** Back to normal service, with nothing recorded. */
    reset: () => resetState(state),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeGemini(Number(process.argv[2]));
  console.log(`Fake Gemini API on ${fake.url}`);
}
