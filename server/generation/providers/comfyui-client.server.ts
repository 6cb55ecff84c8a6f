import { bufferedFetch } from "./buffered-fetch.server";
import { createHash, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import WebSocket from "ws";
import type { DetailLevel, ImageSize } from "#domain/images";
import {
  checkpointOf,
  fillComfyWorkflow,
  referenceSlots,
  saveImageNodes,
  type ComfyWorkflow,
  type PlaceholderValues,
} from "./comfyui-workflow.server";
import {
  ProviderAnswerError,
  ProviderError,
  ProviderRetryableError,
  type ConnectionProbe,
  type GenerateRequest,
  type GeneratedImage,
  type ReferenceImage,
} from "./provider";
import {
  abortReason,
  causeOf,
  checkpointChoices,
  createInbox,
  describeRefusal,
  executionFailure,
  imageFormat,
  inQueue,
  isString,
  parseMessage,
  type HistoryEntry,
  type Inbox,
} from "./comfyui-messages.server";

export interface ComfyUIProviderOptions {
  /** ComfyUI's address (COMFYUI_URL), e.g. http://127.0.0.1:8188; a path prefix behind a proxy is kept. */
  baseUrl: string;
  /** The workflow for requests without references (COMFYUI_WORKFLOW). */
  workflow: ComfyWorkflow;
  /**
   * The workflow for requests with references ({{reference_1}} … in LoadImage nodes). Without
   * it, references are not sent unless `workflow` itself takes them.
   */
  referenceWorkflow?: ComfyWorkflow;
  /** The workflow that edits an image from words ({{image}}); without it, edits are not offered. */
  editWorkflow?: ComfyWorkflow;
  /** The workflow that repaints a region ({{image}} and {{mask}}); without it, repaints are not offered. */
  inpaintWorkflow?: ComfyWorkflow;
  /** The workflow that paints the new space of an outpaint ({{image}} on its larger canvas, {{mask}}); the inpaint workflow without it. */
  outpaintWorkflow?: ComfyWorkflow;
  /** The workflow that upscales an image ×4 ({{image}}, then {{scale_by}}); without it, AI upscales are not offered. */
  upscaleWorkflow?: ComfyWorkflow;
  /** A label for the model, e.g. the checkpoint file: recorded on each image and shown in the UI. */
  model: string;
  /** The longest one image may take, upload to download; past it the prompt is interrupted. */
  timeoutMs: number;
  /** Sent as Authorization on every request and the WebSocket, for a ComfyUI behind an authenticating proxy. */
  authHeader?: string;
  /** What each of Motif's sizes asks of the workflow as {{width}}×{{height}}. */
  sizes?: Record<ImageSize, { width: number; height: number }>;
  /** The sampler steps ({{steps}}) for each detail level. */
  steps?: Record<DetailLevel, number>;
  /** The text of {{negative_prompt}}. */
  negativePrompt?: string;
  /** How often /history is read when the WebSocket is not there to say the prompt is done. */
  pollIntervalMs?: number;
}

/** How long stopping an abandoned prompt may take: it runs after the caller was freed. */
const STOP_TIMEOUT_MS = 5_000;

export interface RunOptions {
  workflow: ComfyWorkflow;
  references: ReferenceImage[];
  /** An edit's image ({{image}}) and painted region ({{mask}}). */
  files?: { image: ReferenceImage; mask: Buffer | null };
  /** The placeholders' values; the uploaded files' names are added once they are uploaded. */
  values: Omit<PlaceholderValues, "references" | "image" | "mask">;
  onProgress?: GenerateRequest["onProgress"];
  signal: AbortSignal;
}

/** ComfyUI's HTTP and WebSocket API, as one provider uses it: run one workflow, check the connection. */
export function comfyClient(options: ComfyUIProviderOptions) {
  const base = new URL(options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`);
  const where = base.host;
  const auth: Record<string, string> = options.authHeader ? { Authorization: options.authHeader } : {};
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const url = (path: string) => new URL(path, base);

  /** fetch with the auth header; no answer, 429 and 5xx are worth another try. */
  async function call(path: string, init: RequestInit & { signal: AbortSignal }): Promise<Response> {
    let response: Response;
    try {
      response = await bufferedFetch(url(path), { ...init, headers: { ...auth, ...init.headers } });
    } catch (error) {
      if (init.signal.aborted) throw abortReason(init.signal);
      throw new ProviderRetryableError(`ComfyUI at ${where} did not answer (${causeOf(error)})`);
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new ProviderError(`ComfyUI at ${where} refused Motif's credentials (HTTP ${response.status})`);
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      throw new ProviderRetryableError(`ComfyUI at ${where} is busy or failing (HTTP ${response.status})`);
    }
    return response;
  }

  async function json<T>(path: string, signal: AbortSignal, init: RequestInit = {}): Promise<T> {
    const response = await call(path, { ...init, signal });
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderError(`ComfyUI at ${where} refused ${init.method ?? "GET"} /${path} (HTTP ${response.status})`);
    }
    return (await response.json()) as T;
  }

  const postJson = (path: string, body: unknown, signal: AbortSignal) =>
    call(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
    }).then(async (response) => {
      await response.body?.cancel();
      return response;
    });

  /** Puts a reference in ComfyUI's input folder under a name from its content, so a re-upload overwrites itself. */
  async function upload(reference: ReferenceImage, signal: AbortSignal): Promise<string> {
    const extension = reference.mimeType === "image/jpeg" ? "jpg" : reference.mimeType.split("/")[1];
    const name = `motif-${createHash("sha256").update(reference.data).digest("hex").slice(0, 24)}.${extension}`;
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(reference.data)], { type: reference.mimeType }), name);
    form.set("overwrite", "true");
    form.set("type", "input");
    const uploaded = await json<{ name: string; subfolder?: string }>("upload/image", signal, {
      method: "POST",
      body: form,
    });
    return uploaded.subfolder ? `${uploaded.subfolder}/${uploaded.name}` : uploaded.name;
  }

  /** Queues the prompt; a refused workflow says which node and why. */
  async function queue(prompt: ComfyWorkflow, promptId: string, clientId: string, signal: AbortSignal) {
    const response = await call("prompt", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      // ComfyUI takes the prompt_id given (recent versions), so an abort mid-request can still stop it.
      body: JSON.stringify({ prompt, client_id: clientId, prompt_id: promptId }),
      signal,
    });
    const body = (await response.json().catch(() => ({}))) as {
      prompt_id?: string;
      error?: { message?: string; details?: string } | string;
      node_errors?: Record<string, { class_type?: string; errors?: { message?: string; details?: string }[] }>;
    };
    if (response.ok && body.prompt_id) return body.prompt_id;
    throw new ProviderError(`ComfyUI refused the workflow: ${describeRefusal(body, response.status)}`);
  }

  /**
   * Waits for the prompt's end on the WebSocket, passing sampler progress on. Resolves
   * when it ends (success or not: /history says which), or when the socket is gone.
   */
  function follow(
    socket: WebSocket | null,
    inbox: Inbox,
    promptId: string,
    onProgress: RunOptions["onProgress"],
    signal: AbortSignal,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      const settle = (error?: unknown) => {
        inbox.listen(null);
        signal.removeEventListener("abort", onAbort);
        if (error) reject(error);
        else resolve();
      };
      const onAbort = () => settle(abortReason(signal));
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      inbox.listen((message) => {
        if (!message) return settle();
        if (message.data?.prompt_id !== promptId) return;
        if (message.type === "progress" && typeof message.data.value === "number" && message.data.max) {
          onProgress?.({ step: message.data.value, steps: message.data.max });
        } else if (
          (message.type === "executing" && message.data.node === null) ||
          message.type === "execution_success" ||
          message.type === "execution_error" ||
          message.type === "execution_interrupted"
        ) {
          settle();
        }
      });
      if (!socket || socket.readyState !== WebSocket.OPEN) settle();
    });
  }

  /** Reads /history until the prompt is there; a prompt neither there nor queued was lost (ComfyUI restarted). */
  async function finished(promptId: string, signal: AbortSignal): Promise<HistoryEntry> {
    for (;;) {
      const entry = (await json<Record<string, HistoryEntry>>(`history/${promptId}`, signal))[promptId];
      if (entry) return entry;
      const queue = await json<{ queue_running?: unknown[]; queue_pending?: unknown[] }>("queue", signal);
      if (!inQueue(queue.queue_running, promptId) && !inQueue(queue.queue_pending, promptId)) {
        const late = (await json<Record<string, HistoryEntry>>(`history/${promptId}`, signal))[promptId];
        if (late) return late;
        throw new ProviderRetryableError(`ComfyUI at ${where} lost the prompt (it may have restarted)`);
      }
      await sleep(pollIntervalMs, undefined, { signal }).catch(() => {
        throw abortReason(signal);
      });
    }
  }

  async function image(entry: HistoryEntry, workflow: ComfyWorkflow, signal: AbortSignal): Promise<GeneratedImage> {
    if (entry.status?.status_str === "error") throw executionFailure(entry);
    const saved = saveImageNodes(workflow)
      .flatMap((id) => entry.outputs?.[id]?.images ?? [])
      .find((file) => (file.type ?? "output") === "output");
    if (!saved) throw new ProviderError("ComfyUI finished the workflow, but its SaveImage node saved no image");
    const query = new URLSearchParams({
      filename: saved.filename,
      subfolder: saved.subfolder ?? "",
      type: saved.type ?? "output",
    });
    const response = await call(`view?${query}`, { signal });
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderError(`ComfyUI could not send the image ${saved.filename} (HTTP ${response.status})`);
    }
    const data = Buffer.from(await response.arrayBuffer());
    const format = imageFormat(data);
    if (!format) throw new ProviderAnswerError(`ComfyUI sent ${saved.filename}, which is not a PNG or WebP image`);
    return { data, format };
  }

  /** Stops a prompt nobody waits for any more: interrupted if running, removed if queued. Best effort. */
  async function stop(promptId: string): Promise<void> {
    const signal = AbortSignal.timeout(STOP_TIMEOUT_MS);
    try {
      // Twice at most: a prompt may start running between reading the queue and deleting it.
      for (let round = 0; round < 2; round++) {
        const queue = await json<{ queue_running?: unknown[]; queue_pending?: unknown[] }>("queue", signal);
        if (inQueue(queue.queue_running, promptId)) {
          // The prompt_id makes recent versions interrupt only this prompt; it was running a moment ago.
          await postJson("interrupt", { prompt_id: promptId }, signal);
          return;
        }
        if (!inQueue(queue.queue_pending, promptId)) return;
        await postJson("queue", { delete: [promptId] }, signal);
      }
    } catch {
      // ComfyUI unreachable: nothing is running there for us either way.
    }
  }

  async function run(run: RunOptions): Promise<GeneratedImage> {
    const { signal } = run;
    signal.throwIfAborted();
    const files: string[] = [];
    for (const reference of run.references) files.push(await upload(reference, signal));
    const slots = referenceSlots(run.workflow);
    if (slots > 0 && files.length === 0) {
      throw new ProviderError(
        "The ComfyUI workflow needs a reference image and this request has none: use a text-to-image workflow for COMFYUI_WORKFLOW",
      );
    }
    // Fewer references than the workflow takes: they repeat in order (one fills every slot).
    const references = Array.from({ length: slots }, (_, i) => files[i % files.length]!);
    const base = run.files ? await upload(run.files.image, signal) : undefined;
    const mask = run.files?.mask ? await upload({ data: run.files.mask, mimeType: "image/png" }, signal) : undefined;
    const prompt = fillComfyWorkflow(run.workflow, { ...run.values, references, image: base, mask });

    const clientId = randomUUID();
    const inbox = createInbox();
    const socket = await openSocket(clientId, inbox, signal);
    if (signal.aborted) {
      socket?.terminate();
      throw abortReason(signal);
    }
    let promptId: string = randomUUID();
    let sent = false;
    try {
      sent = true;
      promptId = await queue(prompt, promptId, clientId, signal);
      await follow(socket, inbox, promptId, run.onProgress, signal);
      return await image(await finished(promptId, signal), run.workflow, signal);
    } catch (error) {
      if (!signal.aborted) throw error;
      // Also when the abort came during POST /prompt: the prompt may be queued under the id we gave.
      if (sent) void stop(promptId);
      throw abortReason(signal);
    } finally {
      socket?.terminate();
    }
  }

  /** The WebSocket for this client id, open; null if it cannot be had (then /history is polled). */
  function openSocket(clientId: string, inbox: Inbox, signal: AbortSignal): Promise<WebSocket | null> {
    const address = url(`ws?clientId=${clientId}`);
    address.protocol = address.protocol === "https:" ? "wss:" : "ws:";
    return new Promise((resolve) => {
      const socket = new WebSocket(address, { headers: auth, handshakeTimeout: 10_000 });
      const done = (value: WebSocket | null) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      };
      const onAbort = () => {
        socket.terminate();
        done(null);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      socket.on("message", (data, isBinary) => {
        // Binary frames are previews of the image being made.
        const message = isBinary ? null : parseMessage(data.toString());
        if (message) inbox.deliver(message);
      });
      socket.on("close", () => inbox.close());
      socket.once("open", () => done(socket));
      socket.once("error", () => done(null));
    });
  }

  async function check(signal: AbortSignal): Promise<ConnectionProbe> {
    let response: Response;
    try {
      response = await fetch(url("system_stats"), { headers: auth, signal });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new Error(
        `ComfyUI did not answer at ${where} (${causeOf(error)}): check COMFYUI_URL and that ComfyUI runs.`,
        { cause: error },
      );
    }
    if (response.status === 401 || response.status === 403) {
      throw new Error(`ComfyUI at ${where} refused the request (HTTP ${response.status}): check COMFYUI_AUTH_HEADER.`);
    }
    if (!response.ok) {
      throw new Error(
        `ComfyUI at ${where} answered HTTP ${response.status}: check that COMFYUI_URL points at ComfyUI.`,
      );
    }
    const stats = (await response.json().catch(() => ({}))) as {
      system?: { comfyui_version?: string };
      devices?: { name?: string }[];
    };
    if (!stats.system) {
      throw new Error(`The service at ${where} does not answer like ComfyUI: check COMFYUI_URL.`);
    }
    const about = `ComfyUI ${stats.system.comfyui_version ?? ""}`.trim() + ` answers at ${where}`;
    const device = stats.devices?.[0]?.name ? ` on ${stats.devices[0].name}` : "";
    const checkpoints = [
      ...new Set([checkpointOf(options.workflow), checkpointOf(referenceWorkflowOf(options))].filter(isString)),
    ];
    if (checkpoints.length === 0) {
      return {
        modelAvailable: null,
        message: `${about}${device}; the workflow loads its model without CheckpointLoaderSimple, so Motif cannot tell whether it is installed.`,
      };
    }
    const info = await fetch(url("object_info/CheckpointLoaderSimple"), { headers: auth, signal })
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null);
    const installed = checkpointChoices(info);
    if (!installed) return { modelAvailable: null, message: `${about}${device}; it did not list its checkpoints.` };
    const missing = checkpoints.filter((name) => !installed.includes(name));
    if (missing.length > 0) {
      return {
        modelAvailable: false,
        message: `${about}${device}, but the checkpoint ${missing.join(" and ")} that COMFYUI_WORKFLOW loads is not installed: put it in ComfyUI's models/checkpoints folder or change the workflow.`,
      };
    }
    return { modelAvailable: true, message: `${about}${device} and has ${checkpoints.join(" and ")}.` };
  }

  return { run, check };
}

const referenceWorkflowOf = (options: ComfyUIProviderOptions) => options.referenceWorkflow ?? options.workflow;
