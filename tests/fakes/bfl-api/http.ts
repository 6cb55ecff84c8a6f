// The fake BFL API's HTTP routes: /healthz, /__control and the public /delivery/ links first,
// then, behind the x-key header (403 as BFL answers a missing or wrong key), the credits,
// get_result polls and task submissions of BFL's v1 API.
import type { IncomingMessage, ServerResponse } from "node:http";
import { takeConnectionFault } from "../connection-faults.ts";
import { replyTo, type Reply } from "./reply.ts";
import { resetState, type BflState } from "./state.ts";
import { pollTask, submitTask } from "./tasks.ts";

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function handleRequest(state: BflState, req: IncomingMessage, res: ServerResponse) {
  const { control } = state;
  const url = new URL(req.url ?? "/", "http://localhost");
  const path = url.pathname;
  const reply = replyTo(res, state.stalls);
  if (path === "/healthz") return reply.json(200, { ok: true });
  if (takeConnectionFault(control.connectionFault, state.connectionFaults, req)) return;
  const body = await readBody(req);

  if (path === "/__control") {
    if (req.method === "POST") Object.assign(control, JSON.parse(body.toString() || "{}"));
    if (req.method === "DELETE") resetState(state);
    return reply.json(200, { control, tasks: state.tasks.length, polls: state.polls.length });
  }
  if (control.latencyMs) await new Promise((r) => setTimeout(r, control.latencyMs));

  const key = header(req, "x-key");
  // Delivery links are signed, and public: the key is not needed there.
  if (req.method === "GET" && path.startsWith("/delivery/")) return serveSample(state, reply, path, key);

  if (!key) return reply.json(403, { detail: "Not authenticated" });
  if (key !== state.key) return reply.json(403, { detail: "Not authenticated - Invalid Authentication" });

  if (req.method === "GET" && path === "/v1/credits") {
    state.calls.credits++;
    return reply.json(200, { credits: state.credits });
  }
  if (req.method === "GET" && path === "/v1/get_result") {
    const id = url.searchParams.get("id");
    if (!id) return reply.json(422, { detail: [{ loc: ["query", "id"], msg: "Field required", type: "missing" }] });
    return pollTask(state, reply, id);
  }
  const model = /^\/v1\/([a-z0-9][a-z0-9.-]*)$/.exec(path)?.[1];
  if (model && req.method === "POST") return submitTask(state, reply, model, body, key);
  if (model) return reply.json(405, { detail: "Method Not Allowed" });
  return reply.json(404, { detail: "Not Found" });
}

function serveSample(state: BflState, reply: Reply, path: string, key: string | undefined) {
  state.downloads.push({ path, key });
  const output = state.outputs.get(path);
  const { sample, stall } = state.control;
  if (!output || sample === "expired") {
    return reply.raw(
      404,
      "application/xml",
      '<?xml version="1.0" encoding="utf-8"?><Error><Code>BlobNotFound</Code><Message>The specified blob does not exist.</Message></Error>',
    );
  }
  if (stall === "sample") return reply.stall(output.contentType);
  if (sample === "html") return reply.raw(200, "text/html", "<html><body>Sign in to continue</body></html>");
  if (sample === "not_an_image") return reply.raw(200, output.contentType, Buffer.from("not an image at all"));
  return reply.raw(200, output.contentType, output.data);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
