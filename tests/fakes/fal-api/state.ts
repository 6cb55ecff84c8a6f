// The fake fal.ai's state, one object its parts share: how it is told to behave (`control`),
// what it records for the tests, and its jobs and the files its storage serves.
import type { ConnectionFaultCounts, ConnectionFaultRule } from "../connection-faults.ts";
import type { ReceivedDataset } from "./training.ts";

/** Failures at submission (429, 500), or of the job itself, seen in its result (422 content policy, 500). */
export type FalFailure = "rate_limit" | "server_error" | "content_policy" | "runner_error";

export interface FakeFalControl {
  /** A connection fault played on matching requests (tests/fakes/connection-faults.ts). */
  connectionFault: ConnectionFaultRule | null;
  /** Added before every answer. */
  latencyMs: number;
  /** The next N submissions fail with this kind, then normal service resumes. */
  failNext: { kind: FalFailure; count: number } | null;
  /** Every submission fails with this kind until changed. */
  failAlways: FalFailure | null;
  /** Results flag every image with has_nsfw_concepts (and, as fal does, the image is black). */
  nsfw: boolean;
  /** Jobs stay IN_PROGRESS, logging, until cancelled. */
  holdInProgress: boolean;
  /** Trainings (and only they) stay IN_PROGRESS, logging their steps, until cancelled. */
  holdTraining: boolean;
  /** Trainings submitted from now on end with this error in their result (images are unaffected). */
  failTraining: "content_policy" | "runner_error" | null;
  /** Status polls a job answers IN_QUEUE, then IN_PROGRESS (with step logs), before COMPLETED. */
  pollsQueued: number;
  pollsInProgress: number;
  /** Answers JPEG whatever output_format asked (fal's default format). */
  forceJpeg: boolean;
  /** Sends 200, its headers and a first byte, then nothing, on this kind of call. */
  stall: "submit" | "status" | "result" | "file" | null;
}

export const normalService = (): FakeFalControl => ({
  connectionFault: null,
  latencyMs: 0,
  failNext: null,
  failAlways: null,
  nsfw: false,
  holdInProgress: false,
  holdTraining: false,
  failTraining: null,
  forceJpeg: false,
  pollsQueued: 1,
  pollsInProgress: 2,
  stall: null,
});

/** One queue submission as fal received it. */
export interface RecordedSubmission {
  requestId: string;
  /** The endpoint id submitted to, e.g. fal-ai/flux-pro/kontext/max/multi. */
  model: string;
  input: Record<string, unknown>;
  /** How many of input.image_urls are files uploaded to this fake's storage. */
  uploadedReferences: number;
  /** The files input.image_urls named, in order, as the fake downloaded them from its storage. */
  images: ReceivedImage[];
  /** FLUX.1 Fill's or ESRGAN's image_url, as downloaded; null on other endpoints. */
  image: ReceivedImage | null;
  /** FLUX.1 Fill's mask_url (white where to repaint), as downloaded; null on other endpoints. */
  mask: ReceivedImage | null;
  /** ESRGAN's scale (2 when not sent, fal's default); null on other endpoints. */
  scale: number | null;
  /** The trainer's dataset ZIP (images_data_url) as its runner read it; null on other endpoints. */
  dataset: ReceivedDataset | null;
  /** FLUX LoRA's `loras` as sent ({path, scale}); null on other endpoints. */
  loras: { path: string; scale: number }[] | null;
  headers: Record<string, string | undefined>;
}

/** An input image as fal's runner received it: one of the files its storage served. */
export interface ReceivedImage {
  url: string;
  /** The sha256 of the file's bytes. */
  sha256: string;
  width: number;
  height: number;
  /** The file has an alpha channel. */
  hasAlpha: boolean;
  /** Pixels whose grey is at least half white: a mask's painted region. */
  whitePixels: number;
}

export interface RecordedUpload {
  contentType: string;
  fileName: string;
  bytes: number;
  /** The sha256 of the bytes PUT to the signed URL. */
  sha256: string;
  /** The X-Fal-Object-Lifecycle header of the initiate call. */
  lifecycle: string | undefined;
}

/** A request on fal's queue: what it was asked, how far its polls have got, and how it ends. */
export interface Job {
  id: string;
  owner: string;
  alias: string;
  input: Record<string, unknown>;
  /** The output's size: the aspect ratio's, Fill's image's, or ESRGAN's image's times its scale. */
  size: [number, number];
  /** ESRGAN's input file, which its output is made from; null on other endpoints. */
  source: Buffer | null;
  /** A LoRA training: its polls log training steps and its result is a LoRA file. */
  training: boolean;
  polls: number;
  cancelled: boolean;
  completed: boolean;
  /** How the job ends: its output, or an error answered by the result endpoint. */
  failure: "content_policy" | "runner_error" | null;
}

export interface FalState {
  /** The key "Authorization: Key <key>" must carry. */
  key: string;
  control: FakeFalControl;
  connectionFaults: ConnectionFaultCounts;
  submissions: RecordedSubmission[];
  uploads: RecordedUpload[];
  /** Request ids a cancel PUT named. */
  cancels: string[];
  /** The endpoint_id query of each pricing call. */
  pricingCalls: string[][];
  stalls: { started: number; abandoned: number };
  /** Every POST to the queue, accepted or not. */
  calls: { submit: number };
  jobs: Map<string, Job>;
  /** Uploaded and generated files, by path under /files/. */
  files: Map<string, { contentType: string; data: Buffer }>;
  /** Signed upload URLs not used yet: token → file path. */
  pendingUploads: Map<string, { path: string; contentType: string; upload: RecordedUpload }>;
  /** This fake's address, once it listens. */
  url: string;
}

export function createState(key: string): FalState {
  return {
    key,
    control: normalService(),
    connectionFaults: { matched: 0, faulted: 0 },
    submissions: [],
    uploads: [],
    cancels: [],
    pricingCalls: [],
    stalls: { started: 0, abandoned: 0 },
    calls: { submit: 0 },
    jobs: new Map(),
    files: new Map(),
    pendingUploads: new Map(),
    url: "",
  };
}

/** Back to normal service, with nothing recorded (jobs and files stay). */
export function resetState(state: FalState) {
  Object.assign(state.control, normalService());
  state.submissions.length = 0;
  state.uploads.length = 0;
  state.cancels.length = 0;
  state.pricingCalls.length = 0;
  Object.assign(state.stalls, { started: 0, abandoned: 0 });
  Object.assign(state.connectionFaults, { matched: 0, faulted: 0 });
  state.calls.submit = 0;
}
