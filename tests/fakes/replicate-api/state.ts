// The fake Replicate's state, one object its parts share: how it is told to behave (`control`),
// what it records for the tests, and its predictions, trainings, models and files.
import type { ConnectionFaultCounts, ConnectionFaultRule } from "../connection-faults.ts";

/** Failures at creation (429, 500), or of the prediction itself (status failed, with its error). */
export type ReplicateFailure = "rate_limit" | "server_error" | "nsfw" | "model_error";

export interface FakeReplicateControl {
  /** A connection fault played on matching requests (tests/fakes/connection-faults.ts). */
  connectionFault: ConnectionFaultRule | null;
  /** Added before every answer. */
  latencyMs: number;
  /** The next N creations fail with this kind, then normal service resumes. */
  failNext: { kind: ReplicateFailure; count: number } | null;
  /** Every creation fails with this kind until changed. */
  failAlways: ReplicateFailure | null;
  /** Advances (polls, or steps during a Prefer: wait) a prediction spends starting, then processing. */
  pollsStarting: number;
  pollsProcessing: number;
  /** Predictions stay processing, logging, until cancelled. */
  holdProcessing: boolean;
  /** While a Prefer: wait request is held, its prediction advances every stepMs (0: only polls advance it). */
  stepMs: number;
  /** The longest a Prefer: wait request is held, whatever it asks (null: as asked). */
  waitCapMs: number | null;
  /** Sends 200, its headers and a first byte, then nothing, on this kind of call. */
  stall: "create" | "get" | "file" | null;
  /** How trainings end: failed on its safety checker, failed on an error, or succeeded (null). */
  trainingFailure: "nsfw" | "error" | null;
  /** Polls a training answers starting, then processing (with the trainer's logs), before it ends. */
  trainingPollsStarting: number;
  trainingPollsProcessing: number;
}

export const normalService = (): FakeReplicateControl => ({
  connectionFault: null,
  latencyMs: 0,
  failNext: null,
  failAlways: null,
  pollsStarting: 1,
  pollsProcessing: 2,
  holdProcessing: false,
  stepMs: 5,
  waitCapMs: null,
  stall: null,
  trainingFailure: null,
  trainingPollsStarting: 1,
  trainingPollsProcessing: 2,
});

/** An input image as the model received it: decoded from a data URI or a file this fake served. */
export interface ReceivedImage {
  /** "data" for a data URI, else the address it was fetched from. */
  source: string;
  sha256: string;
  width: number;
  height: number;
  hasAlpha: boolean;
  /** Pixels whose grey is at least half white: a mask's painted region. */
  whitePixels: number;
}

/** One prediction as Replicate received it. */
export interface RecordedPrediction {
  id: string;
  /** "owner/name" of the model run. */
  model: string;
  /** The version id, for a prediction on a version; null on an official model's endpoint. */
  version: string | null;
  input: Record<string, unknown>;
  /** The decoded input images, by input field (input_image, image, mask). */
  images: Record<string, ReceivedImage>;
  /** The Prefer header of the creating request. */
  prefer: string | undefined;
}

export interface RecordedFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** One training as Replicate received it, its dataset ZIP read. */
export interface RecordedTraining {
  id: string;
  /** "owner/name:version" of the trainer. */
  trainer: string;
  destination: string;
  input: Record<string, unknown>;
  triggerWord: unknown;
  steps: unknown;
  /** Every entry of the uploaded ZIP, the pictures, and each picture's caption (its .txt beside it). */
  dataset: { files: string[]; images: string[]; captions: Record<string, string> } | null;
}

export interface Run {
  id: string;
  kind: "prediction" | "training";
  model: string;
  version: string | null;
  input: Record<string, unknown>;
  status: "starting" | "processing" | "succeeded" | "failed" | "canceled";
  advances: number;
  logs: string;
  output: unknown;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** How it ends when it ends: its failure, or its output made by `finish`. */
  failure: string | null;
  finish: (() => Promise<unknown>) | null;
}

export interface ReplicateState {
  token: string;
  username: string;
  control: FakeReplicateControl;
  connectionFaults: ConnectionFaultCounts;
  predictions: RecordedPrediction[];
  trainings: RecordedTraining[];
  files: RecordedFile[];
  /** Prediction ids a cancel named. */
  cancels: string[];
  /** Training ids a cancel named. */
  trainingCancels: string[];
  /** Destination models created with POST /v1/models (a 409 included). */
  modelsCreated: { owner: string; name: string; visibility: unknown; hardware: unknown; status: number }[];
  /** Weights downloads, with the Authorization header each came with. */
  downloads: { path: string; authorization: string | undefined }[];
  stalls: { started: number; abandoned: number };
  /** Every creating POST (accepted or not), and every account lookup. */
  calls: { create: number; account: number };
  runs: Map<string, Run>;
  /** Models the account made: "owner/name" → their versions. */
  models: Map<string, { visibility: string; hardware: string; versions: string[] }>;
  /** Versions the trainer made: version id → "owner/name". */
  trainedVersions: Map<string, string>;
  /** Uploaded files by id, and output files by path under /delivery/. */
  stored: Map<string, { name: string; contentType: string; data: Buffer; createdAt: string }>;
  outputs: Map<string, { contentType: string; data: Buffer }>;
  url: string;
}

export function createState(token: string, username: string): ReplicateState {
  return {
    token,
    username,
    control: normalService(),
    connectionFaults: { matched: 0, faulted: 0 },
    predictions: [],
    trainings: [],
    files: [],
    cancels: [],
    trainingCancels: [],
    modelsCreated: [],
    downloads: [],
    stalls: { started: 0, abandoned: 0 },
    calls: { create: 0, account: 0 },
    runs: new Map(),
    models: new Map(),
    trainedVersions: new Map(),
    stored: new Map(),
    outputs: new Map(),
    url: "",
  };
}

/** Back to normal service, with nothing recorded (runs, models and files stay). */
export function resetState(state: ReplicateState) {
  Object.assign(state.control, normalService());
  for (const list of [
    state.predictions,
    state.trainings,
    state.files,
    state.cancels,
    state.trainingCancels,
    state.modelsCreated,
    state.downloads,
  ])
    list.length = 0;
  Object.assign(state.stalls, { started: 0, abandoned: 0 });
  Object.assign(state.connectionFaults, { matched: 0, faulted: 0 });
  Object.assign(state.calls, { create: 0, account: 0 });
}
