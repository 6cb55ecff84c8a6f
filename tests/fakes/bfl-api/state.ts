// The fake BFL API's state, one object its parts share: how it is told to behave (`control`),
// what it records for the tests, its tasks and the images it delivers.
import type { ConnectionFaultCounts, ConnectionFaultRule } from "../connection-faults.ts";

/**
 * Failures at submission (429, 500, 503, 402 as BFL answers them), or of the task itself, as its
 * poll reports it (Request Moderated, Content Moderated, Error, Task not found).
 */
export type BflFailure =
  | "rate_limit"
  | "server_error"
  | "unavailable"
  | "insufficient_credits"
  | "request_moderated"
  | "content_moderated"
  | "task_error"
  | "task_not_found";

/** How the signed link of a Ready task answers: expired (404), HTML, or bytes that are not an image. */
export type SampleFault = "expired" | "html" | "not_an_image" | null;

export interface FakeBflControl {
  /** A connection fault played on matching requests (tests/fakes/connection-faults.ts). */
  connectionFault: ConnectionFaultRule | null;
  /** Added before every answer. */
  latencyMs: number;
  /** The next N submissions fail with this kind, then normal service resumes. */
  failNext: { kind: BflFailure; count: number } | null;
  /** Every submission fails with this kind until changed. */
  failAlways: BflFailure | null;
  /** Polls a task answers Pending (with progress) before it is Ready. */
  pollsPending: number;
  /** Tasks stay Pending until this is turned off (BFL has no cancel). */
  holdPending: boolean;
  /** Sends 200, its headers and a first byte, then nothing, on this kind of call. */
  stall: "submit" | "poll" | "sample" | null;
  /** How the signed link answers. */
  sample: SampleFault;
  /** The host the polling_url names ("" for this fake's own address). */
  pollingHost: string;
}

export const normalService = (): FakeBflControl => ({
  connectionFault: null,
  latencyMs: 0,
  failNext: null,
  failAlways: null,
  pollsPending: 2,
  holdPending: false,
  stall: null,
  sample: null,
  pollingHost: "",
});

/** An input image as the model received it, decoded from base64. */
export interface ReceivedImage {
  sha256: string;
  width: number;
  height: number;
  hasAlpha: boolean;
  /** Pixels whose grey is at least half white: a mask's painted region. */
  whitePixels: number;
}

/** One task as BFL received it. */
export interface RecordedTask {
  id: string;
  /** The endpoint: flux-kontext-pro, flux-pro-1.1, flux-pro-1.0-fill… */
  model: string;
  /** The body, input images replaced by "<base64 N bytes>". */
  input: Record<string, unknown>;
  /** The decoded input images, by field (input_image, input_image_2…, image, mask). */
  images: Record<string, ReceivedImage>;
  /** The x-key it came with. */
  key: string | undefined;
}

export interface Task {
  id: string;
  model: string;
  status: "Pending" | "Ready" | "Request Moderated" | "Content Moderated" | "Error";
  polls: number;
  /** The failure its polls report once it ends, if any. */
  failure: BflFailure | null;
  size: [number, number];
  format: "png" | "jpeg";
  prompt: string;
  seed: number;
  sample: string | null;
}

export interface BflState {
  key: string;
  credits: number;
  control: FakeBflControl;
  connectionFaults: ConnectionFaultCounts;
  tasks: RecordedTask[];
  /** Every poll, by task id, in order. */
  polls: string[];
  /** Sample downloads, with the x-key each came with (it must come without). */
  downloads: { path: string; key: string | undefined }[];
  stalls: { started: number; abandoned: number };
  /** Every submitting POST (accepted or not), and every credits lookup. */
  calls: { submit: number; credits: number };
  running: Map<string, Task>;
  outputs: Map<string, { contentType: string; data: Buffer }>;
  url: string;
}

export function createState(key: string, credits: number): BflState {
  return {
    key,
    credits,
    control: normalService(),
    connectionFaults: { matched: 0, faulted: 0 },
    tasks: [],
    polls: [],
    downloads: [],
    stalls: { started: 0, abandoned: 0 },
    calls: { submit: 0, credits: 0 },
    running: new Map(),
    outputs: new Map(),
    url: "",
  };
}

/** Back to normal service, with nothing recorded. */
export function resetState(state: BflState) {
  Object.assign(state.control, normalService());
  state.tasks.length = 0;
  state.polls.length = 0;
  state.downloads.length = 0;
  Object.assign(state.stalls, { started: 0, abandoned: 0 });
  Object.assign(state.connectionFaults, { matched: 0, faulted: 0 });
  Object.assign(state.calls, { submit: 0, credits: 0 });
}
