// What the fake WebUI holds: its control (failures, stalls, holds), the runs it received and
// the interrupts, and the shared state its /sdapi/v1/progress reports (one run at a time, as the
// WebUI's queue lock makes it).
import type { ConnectionFaultCounts, ConnectionFaultRule } from "../connection-faults.ts";

export interface FakeA1111Control {
  /** Every txt2img/img2img answers 500 as the WebUI answers an exception (CUDA out of memory). */
  failAlways: "server_error" | null;
  /** txt2img/img2img answer 200 with its headers and a first byte, then nothing. */
  stall: boolean;
  /** Runs stop halfway and wait there until interrupted. */
  hold: boolean;
  /** Milliseconds per sampling step. */
  stepMs: number;
  /** Something no WebUI answers: an HTML page, an image that does not decode, a 404 (started without --api). */
  unexpected: "html" | "bad-image" | "not-found" | null;
  connectionFault: ConnectionFaultRule | null;
}

export interface ReceivedImage {
  width: number;
  height: number;
  sha256: string;
  /** For a mask: its white (repaint) pixels. */
  whitePixels?: number;
}

export interface RecordedRun {
  path: "/sdapi/v1/txt2img" | "/sdapi/v1/img2img";
  /** The request as sent, its images replaced by their descriptions. */
  body: Record<string, unknown>;
  initImages: ReceivedImage[];
  mask: ReceivedImage | null;
  authorization: string | undefined;
  /** How it ended: finished, interrupted (answered with its half-made image), or its caller gone. */
  outcome: "running" | "finished" | "interrupted" | "abandoned";
}

export interface ProgressState {
  skipped: boolean;
  interrupted: boolean;
  job: string;
  job_count: number;
  job_timestamp: string;
  job_no: number;
  sampling_step: number;
  sampling_steps: number;
}

export interface A1111State {
  url: string;
  /** "user:password" when the fake runs with --api-auth. */
  auth: string | null;
  control: FakeA1111Control;
  runs: RecordedRun[];
  /** Each POST /sdapi/v1/interrupt, with the step the running job had reached (null when idle). */
  interrupts: { step: number | null }[];
  progressPolls: number;
  stalls: { started: number; abandoned: number };
  connectionFaults: ConnectionFaultCounts;
  progress: ProgressState;
  /** The end of the run ahead in the queue. */
  queue: Promise<void>;
  /** Wakes the running job when it is interrupted. */
  wake: (() => void) | null;
  jobs: number;
  checkpoints: string[];
  loaded: string;
  loras: string[];
}

export const FAKE_CHECKPOINTS = ["sd_xl_base_1.0.safetensors [31e35c80fc]", "dreamshaperXL.safetensors [4496b36d48]"];
export const FAKE_LORAS = ["motif-style-trn01"];

const defaultControl = (): FakeA1111Control => ({
  failAlways: null,
  stall: false,
  hold: false,
  stepMs: 1,
  unexpected: null,
  connectionFault: null,
});

const idle = (): ProgressState => ({
  skipped: false,
  interrupted: false,
  job: "",
  job_count: 0,
  job_timestamp: "0",
  job_no: 0,
  sampling_step: 0,
  sampling_steps: 0,
});

export function createState(auth: string | null): A1111State {
  return {
    url: "",
    auth,
    control: defaultControl(),
    runs: [],
    interrupts: [],
    progressPolls: 0,
    stalls: { started: 0, abandoned: 0 },
    connectionFaults: { matched: 0, faulted: 0 },
    progress: idle(),
    queue: Promise.resolve(),
    wake: null,
    jobs: 0,
    checkpoints: [...FAKE_CHECKPOINTS],
    loaded: FAKE_CHECKPOINTS[0]!,
    loras: [...FAKE_LORAS],
  };
}

/** Back to normal service with nothing recorded (a held run is let go). */
export function resetState(state: A1111State) {
  Object.assign(state.control, defaultControl());
  state.wake?.();
  state.runs.length = 0;
  state.interrupts.length = 0;
  state.progressPolls = 0;
  state.stalls.started = state.stalls.abandoned = 0;
  state.connectionFaults.matched = state.connectionFaults.faulted = 0;
}
