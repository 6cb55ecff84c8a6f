// The fake WebUI's HTTP routes: /healthz and /__control, then, behind HTTP Basic when it runs
// with --api-auth (401 as its API answers it), the /sdapi/v1 routes Motif calls.
import type { IncomingMessage, ServerResponse } from "node:http";
import { takeConnectionFault } from "../connection-faults.ts";
import { replyTo } from "./reply.ts";
import { runImage } from "./runs.ts";
import { resetState, type A1111State } from "./state.ts";

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function handleRequest(state: A1111State, req: IncomingMessage, res: ServerResponse) {
  const { control } = state;
  const url = new URL(req.url ?? "/", "http://localhost");
  const path = url.pathname;
  const reply = replyTo(res, state.stalls);
  if (takeConnectionFault(control.connectionFault, state.connectionFaults, req)) return;
  const body = await readBody(req);
  let closed = false;
  res.on("close", () => (closed = !res.writableFinished));

  if (path === "/healthz") return reply.json(200, { ok: true });
  if (path === "/__control") {
    if (req.method === "POST") Object.assign(control, JSON.parse(body.toString() || "{}"));
    if (req.method === "DELETE") resetState(state);
    return reply.json(200, { control, runs: state.runs.length, interrupts: state.interrupts });
  }

  if (state.auth) {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
    const challenge = { "WWW-Authenticate": "Basic" };
    if (!basic) return reply.error(401, "HTTPException", "Not authenticated", undefined, challenge);
    if (Buffer.from(basic[1]!, "base64").toString() !== state.auth)
      return reply.error(401, "HTTPException", "Incorrect username or password", undefined, challenge);
  }

  if (req.method === "GET" && path === "/sdapi/v1/sd-models") {
    return reply.json(
      200,
      state.checkpoints.map((title) => {
        const file = title.replace(/\s*\[[0-9a-f]+\]$/, "");
        return {
          title,
          model_name: file.replace(/\.\w+$/, ""),
          hash: /\[([0-9a-f]+)\]/.exec(title)?.[1] ?? null,
          sha256: null,
          filename: `/webui/models/Stable-diffusion/${file}`,
          config: null,
        };
      }),
    );
  }
  if (req.method === "GET" && path === "/sdapi/v1/options") {
    return reply.json(200, { sd_model_checkpoint: state.loaded, samples_format: "png" });
  }
  if (req.method === "GET" && path === "/sdapi/v1/loras") {
    return reply.json(
      200,
      state.loras.map((name) => ({ name, alias: name, path: `/webui/models/Lora/${name}.safetensors`, metadata: {} })),
    );
  }
  if (req.method === "GET" && path === "/sdapi/v1/progress") {
    state.progressPolls++;
    const { progress } = state;
    const share = progress.sampling_steps ? progress.sampling_step / progress.sampling_steps : 0;
    return reply.json(200, {
      progress: progress.job_count ? Math.min(0.01 + share, 1) : 0,
      eta_relative: 0,
      state: { ...progress },
      current_image: null,
      textinfo: null,
    });
  }
  if (req.method === "POST" && path === "/sdapi/v1/interrupt") {
    const running = state.progress.job_count > 0;
    state.interrupts.push({ step: running ? state.progress.sampling_step : null });
    // As the WebUI's state.interrupt(): the flag is set whether or not something runs.
    state.progress.interrupted = true;
    state.wake?.();
    return reply.json(200, {});
  }
  if (req.method === "POST" && (path === "/sdapi/v1/txt2img" || path === "/sdapi/v1/img2img")) {
    return runImage(state, reply, path, body, req.headers.authorization, () => closed);
  }
  return reply.json(404, { detail: "Not Found" });
}
