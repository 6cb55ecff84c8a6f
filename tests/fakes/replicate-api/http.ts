// The fake Replicate's HTTP routes: /__control and the public /delivery/ files, then, behind
// "Authorization: Bearer <token>" (or the older "Token <token>"), the account, models, files,
// predictions and trainings of Replicate's v1 API.
import type { IncomingMessage, ServerResponse } from "node:http";
import { takeConnectionFault } from "../connection-faults.ts";
import { createFile, serveOutput, serveStoredFile } from "./files.ts";
import { createPrediction } from "./predictions.ts";
import { replyTo } from "./reply.ts";
import { advance, cancelRun, runObject } from "./runs.ts";
import { resetState, type ReplicateState } from "./state.ts";
import { createModel, createTraining, hasVersion, modelObject } from "./trainings.ts";

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function handleRequest(state: ReplicateState, req: IncomingMessage, res: ServerResponse) {
  const { control } = state;
  const path = new URL(req.url ?? "/", "http://localhost").pathname;
  const reply = replyTo(res, state.stalls);
  if (takeConnectionFault(control.connectionFault, state.connectionFaults, req)) return;
  const body = await readBody(req);
  let closed = false;
  res.on("close", () => (closed = true));
  const isClosed = () => closed;

  if (path === "/__control") {
    if (req.method === "POST") Object.assign(control, JSON.parse(body.toString() || "{}"));
    if (req.method === "DELETE") resetState(state);
    return reply.json(200, { control, predictions: state.predictions.length, cancels: state.cancels });
  }
  if (control.latencyMs) await new Promise((r) => setTimeout(r, control.latencyMs));

  // Output files are public, as replicate.delivery's are.
  if (req.method === "GET" && path.startsWith("/delivery/"))
    return serveOutput(state, reply, res, path, req.headers.authorization);

  const auth = /^(?:Bearer|Token) (.+)$/.exec(req.headers.authorization ?? "");
  if (auth?.[1] !== state.token) {
    return reply.problem(401, "Unauthenticated", "You did not pass a valid authentication token");
  }

  if (req.method === "GET" && path === "/v1/account") {
    state.calls.account++;
    return reply.json(200, { type: "user", username: state.username, name: "Motif Tester", github_url: null });
  }

  if (req.method === "POST" && path === "/v1/files") return createFile(state, reply, req.headers, body);
  const file = /^\/v1\/files\/([^/]+)(\/download)?$/.exec(path);
  if (file && req.method === "GET") return serveStoredFile(state, reply, res, file[1]!, Boolean(file[2]));

  if (req.method === "POST" && path === "/v1/models") return createModel(state, reply, body);
  if (req.method === "POST" && path === "/v1/predictions") {
    return createPrediction(state, reply, null, body, header(req, "prefer"), isClosed);
  }

  const model = /^\/v1\/models\/([^/]+)\/([^/]+)(?:\/(predictions)|\/versions\/([^/]+)(\/trainings)?)?$/.exec(path);
  if (model) {
    const [, owner, name, predictions, version, trainings] = model;
    const key = `${owner}/${name}`;
    if (predictions && req.method === "POST") {
      return createPrediction(state, reply, { model: key }, body, header(req, "prefer"), isClosed);
    }
    if (trainings && req.method === "POST") return createTraining(state, reply, key, version!, body, isClosed);
    if (req.method === "GET" && !predictions && !trainings) {
      const found = modelObject(state, key);
      if (!found || (version && !hasVersion(state, key, version))) {
        return reply.problem(404, "Not found", "The requested resource could not be found.");
      }
      return reply.json(
        200,
        version
          ? { id: version, created_at: new Date().toISOString(), cog_version: "0.9.4", openapi_schema: {} }
          : found,
      );
    }
    return reply.problem(405, "Method not allowed", `${req.method} is not allowed here`);
  }

  const run = /^\/v1\/(predictions|trainings)\/([^/]+)(\/cancel)?$/.exec(path);
  if (run) {
    const [, kind, id, cancel] = run;
    const found = state.runs.get(id!);
    if (!found || (found.kind === "training") !== (kind === "trainings")) {
      return reply.problem(404, "Not found", "The requested resource could not be found.");
    }
    if (cancel && req.method === "POST") {
      (kind === "trainings" ? state.trainingCancels : state.cancels).push(found.id);
      cancelRun(found);
      return reply.json(200, runObject(state, found));
    }
    if (!cancel && req.method === "GET") {
      if (control.stall === "get" && kind === "predictions") return reply.stall();
      await advance(state, found);
      return reply.json(200, runObject(state, found));
    }
    return reply.problem(405, "Method not allowed", `${req.method} is not allowed here`);
  }

  return reply.problem(404, "Not found", "The requested resource could not be found.");
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
