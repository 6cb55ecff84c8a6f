import type { GeneratedImage } from "./provider";
import { networkCause } from "./network-cause.server";
import { ProviderError, ProviderRetryableError } from "./provider";

/** What ComfyUI says, and how Motif reads it: socket messages, history entries, refusals. */

/** One message on ComfyUI's WebSocket: `{ type, data }`, most with the prompt_id they concern. */
export interface ComfyMessage {
  type: string;
  data?: { prompt_id?: string; node?: string | null; value?: number; max?: number };
}

export interface HistoryEntry {
  outputs?: Record<string, { images?: { filename: string; subfolder?: string; type?: string }[] }>;
  status?: { status_str?: string; completed?: boolean; messages?: [string, Record<string, unknown>][] };
}

/**
 * The socket's messages for one prompt. Those that come before POST /prompt answers (the
 * prompt may start at once) are kept until the prompt id is known and someone listens;
 * null means the socket closed.
 */
export interface Inbox {
  deliver(message: ComfyMessage): void;
  close(): void;
  listen(listener: ((message: ComfyMessage | null) => void) | null): void;
}

export function createInbox(): Inbox {
  const kept: (ComfyMessage | null)[] = [];
  let listener: ((message: ComfyMessage | null) => void) | null = null;
  const deliver = (message: ComfyMessage | null) => {
    if (listener) listener(message);
    else if (kept.length < 1_000) kept.push(message);
  };
  return {
    deliver,
    close: () => deliver(null),
    listen(next) {
      listener = next;
      while (listener && kept.length > 0) listener(kept.shift()!);
    },
  };
}

export const isString = (value: unknown): value is string => typeof value === "string";

export function parseMessage(text: string): ComfyMessage | null {
  try {
    const message = JSON.parse(text) as ComfyMessage;
    return typeof message?.type === "string" ? message : null;
  } catch {
    return null;
  }
}

/** Queue items are `[number, prompt_id, prompt, extra_data, outputs]`. */
export const inQueue = (items: unknown[] | undefined, promptId: string) =>
  (items ?? []).some((item) => Array.isArray(item) && item[1] === promptId);

export function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new ProviderRetryableError("The request was aborted");
}

export function causeOf(error: unknown): string {
  return networkCause(error) ?? (error instanceof Error ? error.message : String(error));
}

const firstLine = (text: unknown, max = 300) =>
  String(text ?? "")
    .split("\n")[0]!
    .trim()
    .slice(0, max);

/** Why /prompt refused: each node with errors, by id and type, or the prompt-wide error. */
export function describeRefusal(
  body: {
    error?: { message?: string; details?: string } | string;
    node_errors?: Record<string, { class_type?: string; errors?: { message?: string; details?: string }[] }>;
  },
  status: number,
): string {
  const nodes = Object.entries(body.node_errors ?? {}).map(([id, node]) => {
    const errors = (node.errors ?? [])
      .map((e) => [e.message, firstLine(e.details, 160)].filter(Boolean).join(": "))
      .join("; ");
    return `node ${id}${node.class_type ? ` (${node.class_type})` : ""}: ${errors || "invalid"}`;
  });
  if (nodes.length > 0) return nodes.join(" | ");
  const error = typeof body.error === "string" ? { message: body.error } : body.error;
  const text = [error?.message, error?.details].filter(Boolean).join(" ");
  return text || `HTTP ${status}`;
}

/** An error or interruption recorded in the prompt's history. */
export function executionFailure(entry: HistoryEntry): Error {
  const messages = entry.status?.messages ?? [];
  const error = messages.find(([type]) => type === "execution_error")?.[1];
  if (error) {
    const node = `node ${String(error.node_id)} (${String(error.node_type)})`;
    const text = `${String(error.exception_type ?? "")} ${String(error.exception_message ?? "")}`;
    // Out of memory depends on what else holds the GPU; ComfyUI frees its models after one, so a later try may pass.
    if (/OutOfMemory|out of memory|Allocation on device/i.test(text)) {
      return new ProviderRetryableError(`ComfyUI ran out of GPU memory in ${node}`);
    }
    return new ProviderError(`ComfyUI could not run ${node}: ${firstLine(error.exception_message)}`);
  }
  if (messages.some(([type]) => type === "execution_interrupted")) {
    return new ProviderError("The prompt was interrupted on the ComfyUI server");
  }
  return new ProviderError("ComfyUI could not run the workflow");
}

export function imageFormat(data: Buffer): GeneratedImage["format"] | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (data.subarray(0, 4).toString("latin1") === "RIFF" && data.subarray(8, 12).toString("latin1") === "WEBP") {
    return "webp";
  }
  return null;
}

/** The names a CheckpointLoaderSimple offers, from /object_info (the classic list or the newer COMBO form). */
export function checkpointChoices(info: unknown): string[] | null {
  const spec = (info as { CheckpointLoaderSimple?: { input?: { required?: { ckpt_name?: unknown[] } } } })
    ?.CheckpointLoaderSimple?.input?.required?.ckpt_name;
  if (!Array.isArray(spec)) return null;
  if (Array.isArray(spec[0])) return spec[0].filter(isString);
  const combo = spec[1] as { options?: unknown[] } | undefined;
  return spec[0] === "COMBO" && Array.isArray(combo?.options) ? combo.options.filter(isString) : null;
}
