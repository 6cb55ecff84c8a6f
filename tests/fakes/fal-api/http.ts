// The fake fal.ai's HTTP routes, all of fal's hosts on one port: /__control, the public files
// and signed upload URLs, then, behind "Authorization: Key <key>", the pricing list, storage
// uploads and the queue.
import { takeConnectionFault } from "../connection-faults.ts";
import type { IncomingMessage, ServerResponse } from "node:http";
import { FAL_PRICES, FAL_PRICE_UNITS } from "./endpoints.ts";
import { cancel, result, status, submit } from "./queue.ts";
import { replyTo } from "./reply.ts";
import { resetState, type FalState } from "./state.ts";
import { initiateUpload, putUpload, serveFile } from "./storage.ts";

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function handleRequest(state: FalState, req: IncomingMessage, res: ServerResponse) {
  const { control } = state;
  const requestUrl = new URL(req.url ?? "/", "http://localhost");
  const path = requestUrl.pathname;
  const reply = replyTo(res, state.stalls);
  const { json } = reply;
  if (takeConnectionFault(control.connectionFault, state.connectionFaults, req)) return;
  const body = await readBody(req);

  if (path === "/healthz") return json(200, { ok: true });
  if (path === "/__control") {
    if (req.method === "POST") Object.assign(control, JSON.parse(body.toString() || "{}"));
    if (req.method === "DELETE") resetState(state);
    // What a browser test checks from outside: what each submission asked of which endpoint.
    const asked = state.submissions.map((s) => ({ model: s.model, loras: s.loras, prompt: s.input.prompt ?? null }));
    return json(200, {
      control,
      submissions: state.submissions.length,
      asked,
      cancels: state.cancels,
      stalls: state.stalls,
    });
  }
  if (control.latencyMs) await new Promise((r) => setTimeout(r, control.latencyMs));

  // Files on the CDN and signed upload URLs are public; everything else needs the key.
  if (req.method === "GET" && path.startsWith("/files/")) return serveFile(state, reply, res, path);
  if (req.method === "PUT" && path.startsWith("/__storage/put/")) return putUpload(state, reply, res, path, body);

  if (req.headers.authorization !== `Key ${state.key}`) {
    return json(401, { detail: "No user found for Key ID and Secret" });
  }

  if (req.method === "GET" && path === "/v1/models/pricing") {
    const ids = requestUrl.searchParams.getAll("endpoint_id").flatMap((v) => v.split(","));
    state.pricingCalls.push(ids);
    return json(200, {
      prices: ids
        .filter((id) => id in FAL_PRICES)
        .map((id) => ({
          endpoint_id: id,
          unit_price: FAL_PRICES[id],
          unit: FAL_PRICE_UNITS[id] ?? "image",
          currency: "USD",
        })),
      next_cursor: null,
      has_more: false,
    });
  }

  if (req.method === "POST" && path === "/storage/upload/initiate") {
    return initiateUpload(state, reply, body, req.headers["x-fal-object-lifecycle"]);
  }

  const queue = /^\/([^/]+)\/([^/]+)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(path);
  if (queue) {
    const [, owner, alias, id, action] = queue;
    const job = state.jobs.get(id!);
    if (!job || job.owner !== owner || job.alias !== alias) return json(404, { detail: "Request not found" });
    if (action === "/cancel" && req.method === "PUT") return cancel(state, reply, job);
    if (action === "/status" && req.method === "GET") {
      return status(state, reply, job, requestUrl.searchParams.get("logs") === "1");
    }
    if (!action && req.method === "GET") return result(state, reply, job);
    return json(405, { detail: "Method Not Allowed" });
  }

  if (req.method === "POST") return submit(state, reply, path.slice(1), body, req.headers);
  return json(404, { detail: "Not Found" });
}
