// The fake ComfyUI's HTTP API: /healthz and /__control, then, behind the Authorization a proxy
// may require, /system_stats, /object_info/{class}, /upload/image, /prompt, /queue, /interrupt,
// /history and /view.
import { takeConnectionFault } from "../connection-faults.ts";
import type { IncomingMessage, ServerResponse } from "node:http";
import { NODE_TYPES, type Prompt } from "./graph.ts";
import { changeQueue, enqueue, interrupt, queueTuple } from "./queue.ts";
import { resetState, type ComfyState } from "./state.ts";
import { validatePrompt } from "./validate.ts";

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Answers one HTTP request as ComfyUI's server.py does (the /api/ prefix is optional). */
export async function handleRequest(state: ComfyState, req: IncomingMessage, res: ServerResponse) {
  const { control, connectionFaults, calls, files, uploads, history, pending } = state;
  const url = new URL(req.url ?? "/", "http://localhost");
  const path = url.pathname.replace(/^\/api\//, "/");
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };
  if (takeConnectionFault(control.connectionFault, connectionFaults, req)) return;
  const body = await readBody(req);
  if (path === "/healthz") return json(200, { ok: true });
  if (path === "/__control") {
    if (req.method === "POST") Object.assign(control, JSON.parse(body.toString() || "{}"));
    if (req.method === "DELETE") resetState(state);
    return json(200, { control });
  }
  calls.push(`${req.method} ${path}`);
  if (control.requireAuthorization && req.headers.authorization !== control.requireAuthorization) {
    res.writeHead(401, { "Content-Type": "text/plain" });
    return res.end("401: Unauthorized");
  }

  if (req.method === "GET" && path === "/system_stats") {
    return json(200, {
      system: {
        os: "posix",
        ram_total: 67_000_000_000,
        ram_free: 52_000_000_000,
        comfyui_version: "0.3.66",
        python_version: "3.12.3 (main) [GCC 13.2.0]",
        pytorch_version: "2.8.0+cu128",
        embedded_python: false,
        argv: ["main.py", "--listen"],
      },
      devices: [
        {
          name: "cuda:0 NVIDIA GeForce RTX 4090 : cudaMallocAsync",
          type: "cuda",
          index: 0,
          vram_total: 25_386_352_640,
          vram_free: 24_000_000_000,
          torch_vram_total: 0,
          torch_vram_free: 0,
        },
      ],
    });
  }
  if (req.method === "GET" && path.startsWith("/object_info/")) {
    const name = decodeURIComponent(path.slice("/object_info/".length));
    if (!NODE_TYPES[name]) return json(200, {});
    const input =
      name === "CheckpointLoaderSimple"
        ? {
            required: {
              ckpt_name: [control.checkpoints, { tooltip: "The name of the checkpoint (model) to load." }],
            },
          }
        : name === "UpscaleModelLoader"
          ? { required: { model_name: [control.upscaleModels] } }
          : { required: {} };
    return json(200, {
      [name]: {
        input,
        input_order: { required: Object.keys(input.required) },
        output: [],
        output_is_list: [],
        output_name: [],
        name,
        display_name: name,
        description: "",
        python_module: "nodes",
        category: "loaders",
        output_node: Boolean(NODE_TYPES[name]!.output),
      },
    });
  }
  if (req.method === "POST" && path === "/upload/image") {
    const form = await new Response(new Uint8Array(body), {
      headers: { "content-type": req.headers["content-type"] ?? "" },
    }).formData();
    const image = form.get("image");
    if (!(image instanceof File) || !image.name) return json(400, {});
    const type = String(form.get("type") ?? "input");
    const subfolder = String(form.get("subfolder") ?? "");
    const overwrite = form.get("overwrite") as string | null;
    const data = Buffer.from(await image.arrayBuffer());
    let name = image.name;
    const key = (n: string) => `${type}/${subfolder ? `${subfolder}/` : ""}${n}`;
    if (overwrite !== "true" && overwrite !== "1") {
      for (let i = 1; files.has(key(name)) && !files.get(key(name))!.equals(data); i++) {
        name = image.name.replace(/(\.[^.]*)?$/, ` (${i})$1`);
      }
    }
    files.set(key(name), data);
    uploads.push({ name, data, type, overwrite });
    return json(200, { name, subfolder, type });
  }
  if (req.method === "POST" && path === "/prompt") {
    const data = JSON.parse(body.toString() || "{}") as { prompt?: Prompt; client_id?: string; prompt_id?: string };
    if (control.failNext && control.failNext.count > 0) {
      control.failNext.count--;
      res.writeHead(control.failNext.status, { "Content-Type": "text/plain" });
      return res.end(`${control.failNext.status}: Server Error`);
    }
    if (!data.prompt) {
      return json(400, {
        error: { type: "no_prompt", message: "No prompt provided", details: "No prompt provided", extra_info: {} },
        node_errors: {},
      });
    }
    const refused = validatePrompt(state, data.prompt);
    if (refused) return json(...refused);
    const item = enqueue(state, data.prompt, data.client_id, data.prompt_id);
    return json(200, { prompt_id: item.promptId, number: item.number, node_errors: {} });
  }
  if (req.method === "GET" && path === "/queue") {
    return json(200, {
      queue_running: state.running ? [queueTuple(state.running)] : [],
      queue_pending: pending.map(queueTuple),
    });
  }
  if (req.method === "POST" && path === "/queue") {
    const data = JSON.parse(body.toString() || "{}") as { delete?: string[]; clear?: boolean };
    changeQueue(state, data);
    res.writeHead(200);
    return res.end();
  }
  if (req.method === "POST" && path === "/interrupt") {
    let data: { prompt_id?: string } = {};
    try {
      data = JSON.parse(body.toString() || "{}");
    } catch {
      // ComfyUI treats a body that is not JSON as a global interrupt.
    }
    interrupt(state, data.prompt_id);
    res.writeHead(200);
    return res.end();
  }
  if (req.method === "GET" && path.startsWith("/history/")) {
    const id = decodeURIComponent(path.slice("/history/".length));
    const entry = history.get(id);
    return json(200, entry ? { [id]: entry } : {});
  }
  if (req.method === "GET" && path === "/history") return json(200, Object.fromEntries(history));
  if (req.method === "GET" && path === "/view") {
    const filename = url.searchParams.get("filename") ?? "";
    if (!filename || filename.startsWith("/") || filename.includes("..")) {
      res.writeHead(400);
      return res.end();
    }
    const subfolder = url.searchParams.get("subfolder");
    const type = url.searchParams.get("type") ?? "output";
    const file = files.get(`${type}/${subfolder ? `${subfolder}/` : ""}${filename}`);
    if (!file) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { "Content-Type": "image/png", "Content-Disposition": `filename="${filename}"` });
    return res.end(file);
  }
  res.writeHead(404);
  res.end();
}
