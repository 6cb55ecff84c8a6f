// A local stand-in for a ComfyUI server, speaking its HTTP and WebSocket API as ComfyUI's
// server.py and execution.py do: POST /prompt with its validation errors (an unknown node
// type, a checkpoint or upscale model that is not installed, an input of the wrong type or out
// of its range, a LoadImage or LoadImageMask file that was never uploaded, a mask channel or a
// resize method it has not), one prompt running at a time with the rest pending, the
// /ws?clientId= messages (status, execution_start, execution_cached, executing, progress,
// executed, execution_success, execution_error, execution_interrupted, and executing with
// node null at the end), /history/{id}, /view of real opaque PNGs of the size the graph makes
// (followed back from SaveImage: the empty latent's, a scale's, the loaded image's, ×4 through
// ImageUpscaleWithModel and × scale_by through ImageScaleBy), /upload/image (multipart),
// /interrupt (targeted by prompt_id or global), GET and POST /queue, /system_stats and
// /object_info/{class}. The sampler (KSampler) and the upscale model (ImageUpscaleWithModel, one
// step per 512 px tile, as ComfyUI's tiled upscale reports) are where a prompt spends its time:
// progress, holds, stalls and execution failures happen there. Stricter than ComfyUI in three
// ways: a string still holding a "{{placeholder}}" is refused, since a client must fill them all;
// an INT or FLOAT input given as a string is refused, where ComfyUI would convert "0.5"; and
// VAEEncodeForInpaint fails (an execution_error) when its mask's file is not the size of its
// pixels' file, where ComfyUI would stretch the mask, since a client must send them alike.
// Behaviour is set through `control` (or POST /__control). Run alone: node tests/fakes/comfyui.ts <port>
import { takeConnectionFault, type ConnectionFaultCounts, type ConnectionFaultRule } from "./connection-faults.ts";
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { WebSocketServer, type WebSocket } from "ws";

export interface FakeComfyControl {
  /** A connection fault played on matching requests (tests/fakes/connection-faults.ts). */
  connectionFault: ConnectionFaultRule | null;
  /** The next `count` POST /prompt answer with this status (500, 503, 429) instead of queueing. */
  failNext: { status: number; count: number } | null;
  /** Pause before each sampler step. */
  stepDelayMs: number;
  /** The running prompt waits after this sampler (or upscale model) step until `release()` or an interrupt. */
  holdAtStep: number | null;
  /** The running prompt never gets past its sampler (or upscale model) until interrupted. */
  stall: boolean;
  /** The next `count` prompts fail in the sampler (or upscale model) with this exception. */
  failExecution: { count: number; exceptionType: string; message: string } | null;
  /** The client's WebSocket is closed after this sampler step; the prompt runs on. */
  dropSocketAtStep: number | null;
  /** The checkpoint files CheckpointLoaderSimple offers. */
  checkpoints: string[];
  /** The files in models/upscale_models that UpscaleModelLoader offers. */
  upscaleModels: string[];
  /** When set, requests without exactly this Authorization header get a 401 (as a proxy in front would). */
  requireAuthorization: string | null;
}

const normalService = (): FakeComfyControl => ({
  connectionFault: null,
  failNext: null,
  stepDelayMs: 0,
  holdAtStep: null,
  stall: false,
  failExecution: null,
  dropSocketAtStep: null,
  checkpoints: ["sd_xl_base_1.0.safetensors", "v1-5-pruned-emaonly.safetensors"],
  upscaleModels: ["RealESRGAN_x4plus.pth"],
  requireAuthorization: null,
});

type Node = { class_type?: unknown; inputs?: Record<string, unknown> };
type Prompt = Record<string, Node>;

export interface QueuedPrompt {
  number: number;
  promptId: string;
  clientId: string | undefined;
  prompt: Prompt;
  outputs: string[];
}

interface Running extends QueuedPrompt {
  interrupted: boolean;
  /** Wakes the prompt from a pause, a hold or a stall. */
  wake: () => void;
}

interface HistoryEntry {
  prompt: [number, string, Prompt, { client_id?: string }, string[]];
  outputs: Record<string, { images: { filename: string; subfolder: string; type: string }[] }>;
  status: { status_str: "success" | "error"; completed: boolean; messages: [string, Record<string, unknown>][] };
  meta: Record<string, { node_id: string; display_node: string; parent_node: null; real_node_id: string }>;
}

/**
 * What each node type takes, for /object_info and validation: INT and FLOAT inputs must be
 * numbers, within their range where ComfyUI gives one.
 */
const NODE_TYPES: Record<
  string,
  { ints?: string[]; floats?: Record<string, { min: number; max: number }>; output?: boolean }
> = {
  CheckpointLoaderSimple: {},
  CLIPTextEncode: {},
  EmptyLatentImage: { ints: ["width", "height", "batch_size"] },
  KSampler: { ints: ["seed", "steps"] },
  VAEDecode: {},
  VAEEncode: {},
  LoadImage: {},
  LoadImageMask: {},
  VAEEncodeForInpaint: { ints: ["grow_mask_by"] },
  ImageScale: { ints: ["width", "height"] },
  LatentBlend: {},
  UpscaleModelLoader: {},
  ImageUpscaleWithModel: {},
  ImageScaleBy: { floats: { scale_by: { min: 0.01, max: 8 } } },
  SaveImage: { output: true },
  PreviewImage: { output: true },
};

const PLACEHOLDER = /\{\{[^}]*\}\}/;
/** The channels LoadImageMask takes its mask from. */
const MASK_CHANNELS = ["alpha", "red", "green", "blue"];
/** Nodes that load an uploaded file from the input folder. */
const LOADERS = new Set(["LoadImage", "LoadImageMask"]);
/** The resize methods ImageScale and ImageScaleBy offer. */
const UPSCALE_METHODS = ["nearest-exact", "bilinear", "area", "bicubic", "lanczos"];
/** ComfyUI's tiled upscale: 512 px tiles overlapping by 32, one progress step each. */
const UPSCALE_TILE = 512;
const UPSCALE_OVERLAP = 32;
/** What the upscale models in the control list enlarge by (all of them ×4, as RealESRGAN_x4plus). */
const UPSCALE_MODEL_SCALE = 4;

/** Python's round(): halves to the even neighbour, as ComfyUI's ImageScaleBy rounds. */
function pythonRound(value: number): number {
  const floor = Math.floor(value);
  const diff = value - floor;
  if (diff !== 0.5) return Math.round(value);
  return floor % 2 === 0 ? floor : floor + 1;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const rendered = new Map<string, Promise<Buffer>>();
/** An opaque PNG of the size asked, as SDXL's VAE decodes it (no alpha). */
function renderPng(width: number, height: number): Promise<Buffer> {
  const key = `${width}x${height}`;
  if (!rendered.has(key)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f1ea"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#2a9d8f"/></svg>`;
    rendered.set(key, sharp(Buffer.from(svg)).flatten({ background: "#f4f1ea" }).png().toBuffer());
  }
  return rendered.get(key)!;
}

/** Dependencies first, as ComfyUI executes a graph. */
function executionOrder(prompt: Prompt): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || !prompt[id]) return;
    seen.add(id);
    for (const value of Object.values(prompt[id]!.inputs ?? {})) {
      if (Array.isArray(value) && typeof value[0] === "string") visit(value[0]);
    }
    order.push(id);
  };
  for (const id of Object.keys(prompt)) visit(id);
  return order;
}

export async function startFakeComfyUI(port = 0) {
  const control: FakeComfyControl = normalService();
  const connectionFaults: ConnectionFaultCounts = { matched: 0, faulted: 0 };
  /** Every prompt accepted, in order. */
  const prompts: QueuedPrompt[] = [];
  /** Every upload: the name ComfyUI gave it, its bytes and the form's fields. */
  const uploads: { name: string; data: Buffer; type: string; overwrite: string | null }[] = [];
  const interrupts: { promptId: string | null; interrupted: string | null }[] = [];
  const deletions: string[] = [];
  /** Every progress message sent, in order. */
  const progressSent: { promptId: string; step: number; steps: number }[] = [];
  /** Requests by method and path, for counting. */
  const calls: string[] = [];
  const files = new Map<string, Buffer>();
  const history = new Map<string, HistoryEntry>();
  const pending: QueuedPrompt[] = [];
  const sockets = new Map<string, WebSocket>();
  let running: Running | null = null;
  let number = 0;
  let fileCounter = 0;
  let releaseHold: (() => void) | null = null;

  const send = (type: string, data: Record<string, unknown>, sid?: string) => {
    const targets = sid ? [sockets.get(sid)] : [...sockets.values()];
    for (const socket of targets) if (socket?.readyState === socket?.OPEN) socket?.send(JSON.stringify({ type, data }));
  };
  const queueInfo = () => ({ exec_info: { queue_remaining: pending.length + (running ? 1 : 0) } });
  const broadcastStatus = () => send("status", { status: queueInfo() });

  /** Resolves after `ms`, or at once when the running prompt is woken (an interrupt). */
  const pause = (item: Running, ms: number | null) =>
    new Promise<void>((resolve) => {
      const timer = ms === null ? null : setTimeout(resolve, ms);
      item.wake = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
    });

  async function execute(item: Running): Promise<HistoryEntry["status"] & { outputs: HistoryEntry["outputs"] }> {
    const sid = item.clientId;
    const messages: [string, Record<string, unknown>][] = [];
    const emit = (type: string, data: Record<string, unknown>, keep = false) => {
      const full = { ...data, prompt_id: item.promptId };
      send(type, full, sid);
      if (keep) messages.push([type, { ...full, timestamp: Date.now() }]);
    };
    const outputs: HistoryEntry["outputs"] = {};
    const executed: string[] = [];
    emit("execution_start", { timestamp: Date.now() }, true);
    emit("execution_cached", { nodes: [], timestamp: Date.now() }, true);
    const order = executionOrder(item.prompt);
    const interrupted = (node: string) => {
      const data = { node_id: node, node_type: item.prompt[node]?.class_type, executed, timestamp: Date.now() };
      send("execution_interrupted", { ...data, prompt_id: item.promptId });
      messages.push(["execution_interrupted", { ...data, prompt_id: item.promptId }]);
      return { status_str: "error" as const, completed: false, messages, outputs };
    };
    const failed = (node: string, exceptionType: string, message: string) => {
      const data = {
        node_id: node,
        node_type: item.prompt[node]?.class_type,
        executed,
        exception_message: message,
        exception_type: exceptionType,
        traceback: ['  File "execution.py", line 496, in execute\n'],
        current_inputs: {},
        current_outputs: [],
      };
      emit("execution_error", data, true);
      return { status_str: "error" as const, completed: false, messages, outputs };
    };
    for (const id of order) {
      const node = item.prompt[id]!;
      if (item.interrupted) return interrupted(id);
      emit("executing", { node: id, display_node: id });
      if (node.class_type === "VAEEncodeForInpaint") {
        const [pixels, mask] = await Promise.all([
          sizeAt(item.prompt, node.inputs?.pixels),
          sizeAt(item.prompt, node.inputs?.mask),
        ]);
        if (pixels && mask && (pixels[0] !== mask[0] || pixels[1] !== mask[1])) {
          return failed(
            id,
            "RuntimeError",
            `The mask is ${mask[0]}x${mask[1]} but the image it masks is ${pixels[0]}x${pixels[1]}: the mask must be the image's size.`,
          );
        }
      }
      const steps =
        node.class_type === "KSampler"
          ? Number(node.inputs?.steps)
          : node.class_type === "ImageUpscaleWithModel"
            ? await upscaleTiles(item.prompt, node.inputs?.image)
            : null;
      if (steps !== null) {
        if (control.stall) {
          while (!item.interrupted) await pause(item, null);
          return interrupted(id);
        }
        const failure = control.failExecution;
        if (failure && failure.count > 0) {
          failure.count--;
          return failed(id, failure.exceptionType, failure.message);
        }
        for (let step = 1; step <= steps; step++) {
          if (control.stepDelayMs) await pause(item, control.stepDelayMs);
          if (item.interrupted) return interrupted(id);
          emit("progress", { value: step, max: steps, node: id });
          progressSent.push({ promptId: item.promptId, step, steps });
          if (control.dropSocketAtStep === step && sid) sockets.get(sid)?.terminate();
          if (control.holdAtStep === step) {
            await new Promise<void>((resolve) => {
              releaseHold = resolve;
              item.wake = resolve;
            });
            releaseHold = null;
            if (item.interrupted) return interrupted(id);
          }
        }
      }
      if (node.class_type === "SaveImage") {
        const [width, height] = await imageSize(item.prompt, node);
        const filename = `${String(node.inputs?.filename_prefix ?? "ComfyUI")}_${String(++fileCounter).padStart(5, "0")}_.png`;
        files.set(`output/${filename}`, await renderPng(width, height));
        const output = { images: [{ filename, subfolder: "", type: "output" }] };
        outputs[id] = output;
        emit("executed", { node: id, display_node: id, output });
      }
      executed.push(id);
    }
    emit("execution_success", { timestamp: Date.now() }, true);
    return { status_str: "success", completed: true, messages, outputs };
  }

  /**
   * Width and height of the image a SaveImage node saves: the size its images link carries,
   * followed back through the graph; when the fake cannot tell, the workflow's empty latent, or
   * the size it scales a reference to, or the size of the image it loads.
   */
  async function imageSize(prompt: Prompt, save: Node): Promise<[number, number]> {
    const followed = await sizeAt(prompt, save.inputs?.images);
    if (followed) return followed;
    const sized = Object.values(prompt).find(
      (n) => n.class_type === "EmptyLatentImage" || n.class_type === "ImageScale",
    );
    if (sized) return [Number(sized.inputs?.width ?? 512), Number(sized.inputs?.height ?? 512)];
    const loaded = Object.values(prompt).find((n) => n.class_type === "LoadImage");
    return (loaded && (await fileSize(loaded))) ?? [512, 512];
  }

  /** The size of the file a LoadImage or LoadImageMask node loads, if it was uploaded and is an image. */
  async function fileSize(node: Node): Promise<[number, number] | null> {
    const file = files.get(`input/${String(node.inputs?.image)}`);
    if (!file) return null;
    const meta = await sharp(file)
      .metadata()
      .catch(() => null);
    return meta?.width && meta.height ? [meta.width, meta.height] : null;
  }

  /**
   * The size of the image (or mask, or latent, in pixels) a link carries, followed back to the
   * node that loads, makes or scales it; null when the fake cannot tell.
   */
  async function sizeAt(prompt: Prompt, link: unknown, depth = 0): Promise<[number, number] | null> {
    if (!Array.isArray(link) || typeof link[0] !== "string" || depth > 32) return null;
    const node = prompt[link[0]];
    if (!node) return null;
    const inputs = node.inputs ?? {};
    if (LOADERS.has(String(node.class_type))) return fileSize(node);
    if (node.class_type === "ImageScale" || node.class_type === "EmptyLatentImage") {
      return [Number(inputs.width), Number(inputs.height)];
    }
    if (node.class_type === "ImageUpscaleWithModel" || node.class_type === "ImageScaleBy") {
      const from = await sizeAt(prompt, inputs.image, depth + 1);
      const by = node.class_type === "ImageScaleBy" ? Number(inputs.scale_by) : UPSCALE_MODEL_SCALE;
      return from && [Math.max(1, pythonRound(from[0] * by)), Math.max(1, pythonRound(from[1] * by))];
    }
    const upstream =
      inputs.image ?? inputs.pixels ?? inputs.samples ?? inputs.latent_image ?? inputs.samples1 ?? inputs.mask;
    return sizeAt(prompt, upstream, depth + 1);
  }

  /** The tiles ComfyUI's tiled upscale works through for the image a link carries: its progress steps. */
  async function upscaleTiles(prompt: Prompt, link: unknown): Promise<number> {
    const [width, height] = (await sizeAt(prompt, link)) ?? [512, 512];
    const across = (side: number) => Math.ceil(side / (UPSCALE_TILE - UPSCALE_OVERLAP));
    return across(width) * across(height);
  }

  /** Runs prompts one at a time, as ComfyUI's single prompt worker does. */
  async function work() {
    if (running) return;
    const next = pending.shift();
    if (!next) return;
    running = { ...next, interrupted: false, wake: () => {} };
    broadcastStatus();
    const result = await execute(running);
    const { outputs, ...status } = result;
    history.set(next.promptId, {
      prompt: [next.number, next.promptId, next.prompt, { client_id: next.clientId }, next.outputs],
      outputs,
      status,
      meta: Object.fromEntries(
        Object.keys(outputs).map((id) => [id, { node_id: id, display_node: id, parent_node: null, real_node_id: id }]),
      ),
    });
    send("executing", { node: null, prompt_id: next.promptId }, next.clientId);
    running = null;
    broadcastStatus();
    void work();
  }

  /** Validates as execution.validate_prompt does: [status, body]. */
  function validate(prompt: Prompt): [number, unknown] | null {
    const nodeErrors: Record<string, unknown> = {};
    const outputs: string[] = [];
    for (const [id, node] of Object.entries(prompt)) {
      const type = typeof node.class_type === "string" ? NODE_TYPES[node.class_type] : undefined;
      if (!type) {
        const message =
          typeof node.class_type === "string"
            ? `Cannot execute because node ${node.class_type} does not exist.`
            : "Cannot execute because a node is missing the class_type property.";
        return [
          400,
          { error: { type: "invalid_prompt", message, details: `Node ID '#${id}'`, extra_info: {} }, node_errors: {} },
        ];
      }
      if (type.output) outputs.push(id);
      const errors: unknown[] = [];
      for (const [input, value] of Object.entries(node.inputs ?? {})) {
        const range = type.floats?.[input];
        if (type.ints?.includes(input) && typeof value !== "number") {
          errors.push({
            type: "invalid_input_type",
            message: "Failed to convert an input value to a INT value",
            details: `${input}, ${String(value)}, invalid literal for int() with base 10: '${String(value)}'`,
            extra_info: { input_name: input, received_value: value },
          });
        } else if (range && typeof value !== "number") {
          errors.push({
            type: "invalid_input_type",
            message: "Failed to convert an input value to a FLOAT value",
            details: `${input}, ${String(value)}, could not convert string to float: '${String(value)}'`,
            extra_info: { input_name: input, received_value: value },
          });
        } else if (range && typeof value === "number" && value < range.min) {
          errors.push({
            type: "value_smaller_than_min",
            message: `Value ${value} smaller than min of ${range.min}`,
            details: `${input}`,
            extra_info: { input_name: input, received_value: value },
          });
        } else if (range && typeof value === "number" && value > range.max) {
          errors.push({
            type: "value_bigger_than_max",
            message: `Value ${value} bigger than max of ${range.max}`,
            details: `${input}`,
            extra_info: { input_name: input, received_value: value },
          });
        } else if (typeof value === "string" && PLACEHOLDER.test(value)) {
          errors.push({
            type: "unfilled_placeholder",
            message: "A placeholder was left in the workflow",
            details: `${input}: ${value}`,
            extra_info: { input_name: input, received_value: value },
          });
        }
      }
      if (
        node.class_type === "CheckpointLoaderSimple" &&
        !control.checkpoints.includes(String(node.inputs?.ckpt_name))
      ) {
        errors.push({
          type: "value_not_in_list",
          message: "Value not in list",
          details: `ckpt_name: '${String(node.inputs?.ckpt_name)}' not in ${JSON.stringify(control.checkpoints)}`,
          extra_info: { input_name: "ckpt_name", received_value: node.inputs?.ckpt_name },
        });
      }
      if (
        node.class_type === "UpscaleModelLoader" &&
        !control.upscaleModels.includes(String(node.inputs?.model_name))
      ) {
        errors.push({
          type: "value_not_in_list",
          message: "Value not in list",
          details: `model_name: '${String(node.inputs?.model_name)}' not in ${JSON.stringify(control.upscaleModels)}`,
          extra_info: { input_name: "model_name", received_value: node.inputs?.model_name },
        });
      }
      if (
        (node.class_type === "ImageScaleBy" || node.class_type === "ImageScale") &&
        !UPSCALE_METHODS.includes(String(node.inputs?.upscale_method))
      ) {
        errors.push({
          type: "value_not_in_list",
          message: "Value not in list",
          details: `upscale_method: '${String(node.inputs?.upscale_method)}' not in ${JSON.stringify(UPSCALE_METHODS)}`,
          extra_info: { input_name: "upscale_method", received_value: node.inputs?.upscale_method },
        });
      }
      if (LOADERS.has(String(node.class_type)) && !files.has(`input/${String(node.inputs?.image)}`)) {
        errors.push({
          type: "custom_validation_failed",
          message: "Custom validation failed for node",
          details: `image - Invalid image file: ${String(node.inputs?.image)}`,
          extra_info: {},
        });
      }
      if (node.class_type === "LoadImageMask" && !MASK_CHANNELS.includes(String(node.inputs?.channel))) {
        errors.push({
          type: "value_not_in_list",
          message: "Value not in list",
          details: `channel: '${String(node.inputs?.channel)}' not in ${JSON.stringify(MASK_CHANNELS)}`,
          extra_info: { input_name: "channel", received_value: node.inputs?.channel },
        });
      }
      if (errors.length > 0) nodeErrors[id] = { errors, dependent_outputs: [], class_type: node.class_type };
    }
    if (outputs.length === 0) {
      return [
        400,
        {
          error: { type: "prompt_no_outputs", message: "Prompt has no outputs", details: "", extra_info: {} },
          node_errors: [],
        },
      ];
    }
    if (Object.keys(nodeErrors).length > 0) {
      return [
        400,
        {
          error: {
            type: "prompt_outputs_failed_validation",
            message: "Prompt outputs failed validation",
            details: "",
            extra_info: {},
          },
          node_errors: nodeErrors,
        },
      ];
    }
    return null;
  }

  const queueTuple = (item: QueuedPrompt) => [
    item.number,
    item.promptId,
    item.prompt,
    { client_id: item.clientId },
    item.outputs,
  ];

  const server: Server = createServer(async (req, res) => {
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
      if (req.method === "DELETE") reset();
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
      const refused = validate(data.prompt);
      if (refused) return json(...refused);
      const item: QueuedPrompt = {
        number: number++,
        promptId: String(data.prompt_id ?? randomUUID()),
        clientId: data.client_id,
        prompt: data.prompt,
        outputs: Object.entries(data.prompt)
          .filter(([, n]) => NODE_TYPES[String(n.class_type)]?.output)
          .map(([id]) => id),
      };
      prompts.push(item);
      pending.push(item);
      broadcastStatus();
      setImmediate(() => void work());
      return json(200, { prompt_id: item.promptId, number: item.number, node_errors: {} });
    }
    if (req.method === "GET" && path === "/queue") {
      return json(200, {
        queue_running: running ? [queueTuple(running)] : [],
        queue_pending: pending.map(queueTuple),
      });
    }
    if (req.method === "POST" && path === "/queue") {
      const data = JSON.parse(body.toString() || "{}") as { delete?: string[]; clear?: boolean };
      for (const id of data.delete ?? []) {
        const at = pending.findIndex((p) => p.promptId === id);
        if (at !== -1) {
          pending.splice(at, 1);
          deletions.push(id);
        }
      }
      if (data.clear) pending.splice(0);
      broadcastStatus();
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
      const target = running && (!data.prompt_id || data.prompt_id === running.promptId) ? running : null;
      interrupts.push({ promptId: data.prompt_id ?? null, interrupted: target?.promptId ?? null });
      if (target) {
        target.interrupted = true;
        target.wake();
      }
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
  });

  const wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket, head) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname.replace(/^\/api\//, "/") !== "/ws") return socket.destroy();
    if (control.requireAuthorization && req.headers.authorization !== control.requireAuthorization) {
      socket.end("HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const sid = url.searchParams.get("clientId") || randomUUID().replaceAll("-", "");
      calls.push(`WS /ws?clientId=${sid}`);
      sockets.get(sid)?.close();
      sockets.set(sid, ws);
      ws.on("close", () => {
        if (sockets.get(sid) === ws) sockets.delete(sid);
      });
      ws.send(JSON.stringify({ type: "status", data: { status: queueInfo(), sid } }));
    });
  });

  function reset() {
    Object.assign(control, normalService());
    for (const list of [prompts, uploads, interrupts, deletions, progressSent, calls]) list.length = 0;
    Object.assign(connectionFaults, { matched: 0, faulted: 0 });
  }

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: address,
    control,
    prompts,
    uploads,
    interrupts,
    deletions,
    progressSent,
    /** How many requests the connection fault matched and was played on. */
    connectionFaults,
    calls,
    /** The client ids with an open WebSocket. */
    openSockets: () => [...sockets.keys()],
    /** What is running and waiting now. */
    queue: () => ({ running: running?.promptId ?? null, pending: pending.map((p) => p.promptId) }),
    /** Lets a prompt held at `holdAtStep` go on. */
    release: () => releaseHold?.(),
    reset,
    close: async () => {
      if (running) {
        running.interrupted = true;
        running.wake();
      }
      pending.splice(0);
      for (const socket of wss.clients) socket.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeComfyUI = Awaited<ReturnType<typeof startFakeComfyUI>>;

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeComfyUI(Number(process.argv[2]));
  console.log(`Fake ComfyUI on ${fake.url}`);
}
