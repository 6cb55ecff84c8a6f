// The fake ComfyUI's state, one object its parts share: how it is told to behave (`control`),
// what it records for the tests, and its files, queue, history and sockets.
import type { ConnectionFaultCounts, ConnectionFaultRule } from "../connection-faults.ts";
import type { WebSocket } from "ws";
import type { Prompt } from "./graph.ts";

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

export const normalService = (): FakeComfyControl => ({
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

export interface QueuedPrompt {
  number: number;
  promptId: string;
  clientId: string | undefined;
  prompt: Prompt;
  outputs: string[];
}

export interface Running extends QueuedPrompt {
  interrupted: boolean;
  /** Wakes the prompt from a pause, a hold or a stall. */
  wake: () => void;
}

export interface HistoryEntry {
  prompt: [number, string, Prompt, { client_id?: string }, string[]];
  outputs: Record<string, { images: { filename: string; subfolder: string; type: string }[] }>;
  status: { status_str: "success" | "error"; completed: boolean; messages: [string, Record<string, unknown>][] };
  meta: Record<string, { node_id: string; display_node: string; parent_node: null; real_node_id: string }>;
}

export interface ComfyState {
  control: FakeComfyControl;
  connectionFaults: ConnectionFaultCounts;
  /** Every prompt accepted, in order. */
  prompts: QueuedPrompt[];
  /** Every upload: the name ComfyUI gave it, its bytes and the form's fields. */
  uploads: { name: string; data: Buffer; type: string; overwrite: string | null }[];
  interrupts: { promptId: string | null; interrupted: string | null }[];
  deletions: string[];
  /** Every progress message sent, in order. */
  progressSent: { promptId: string; step: number; steps: number }[];
  /** Requests by method and path, for counting. */
  calls: string[];
  /** Uploaded and saved files, by `<type>/<subfolder/>name`. */
  files: Map<string, Buffer>;
  history: Map<string, HistoryEntry>;
  pending: QueuedPrompt[];
  /** The open WebSocket of each client id. */
  sockets: Map<string, WebSocket>;
  running: Running | null;
  /** The number the next prompt accepted gets. */
  number: number;
  /** The counter in the names of the files SaveImage writes. */
  fileCounter: number;
  /** Lets the prompt held at `holdAtStep` go on; null when none is held. */
  releaseHold: (() => void) | null;
}

export function createState(): ComfyState {
  return {
    control: normalService(),
    connectionFaults: { matched: 0, faulted: 0 },
    prompts: [],
    uploads: [],
    interrupts: [],
    deletions: [],
    progressSent: [],
    calls: [],
    files: new Map(),
    history: new Map(),
    pending: [],
    sockets: new Map(),
    running: null,
    number: 0,
    fileCounter: 0,
    releaseHold: null,
  };
}

/** Back to normal service, with nothing recorded (files, the queue and the history stay). */
export function resetState(state: ComfyState) {
  Object.assign(state.control, normalService());
  for (const list of [state.prompts, state.uploads, state.interrupts, state.deletions, state.progressSent, state.calls])
    list.length = 0;
  Object.assign(state.connectionFaults, { matched: 0, faulted: 0 });
}
