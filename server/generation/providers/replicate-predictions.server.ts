import { z } from "zod";
import { isRefusal, replicateJson, type ReplicateConnection } from "./replicate-http.server";
import {
  ProviderAnswerError,
  ProviderError,
  ProviderRefusalError,
  ProviderRetryableError,
  type GenerateProgress,
  type GenerateRequest,
} from "./provider";

/** Status polls that may fail in a row (the prediction is already paid for) before giving up. */
const STATUS_ATTEMPTS = 3;
const CANCEL_TIMEOUT_MS = 10_000;

/** A model as Replicate runs it: an official model by name, or any model by one of its versions. */
export type ModelRef =
  { kind: "official"; owner: string; name: string } | { kind: "version"; owner: string; name: string; version: string };

/** "owner/name" (an official model) or "owner/name:version". */
export function parseModelRef(model: string): ModelRef {
  const match = /^([\w.-]+)\/([\w.-]+)(?::([0-9a-zA-Z]+))?$/.exec(model.trim());
  if (!match) throw new ProviderError(`"${model}" is not a Replicate model: write owner/name or owner/name:version`);
  const [, owner, name, version] = match;
  return version
    ? { kind: "version", owner: owner!, name: name!, version }
    : { kind: "official", owner: owner!, name: name! };
}

const predictionSchema = z.object({
  id: z.string(),
  status: z.enum(["starting", "processing", "succeeded", "failed", "canceled", "aborted"]),
  output: z.unknown().optional(),
  error: z.unknown().optional(),
  logs: z.string().nullish(),
  urls: z.object({ get: z.string().optional(), cancel: z.string().optional() }).optional(),
});
export type Prediction = z.output<typeof predictionSchema>;

export const isTerminal = (status: string) => !["starting", "processing"].includes(status);

export interface PredictionOptions {
  connection: ReplicateConnection;
  pollIntervalMs: number;
  /** Seconds Replicate holds the creating request open (Prefer: wait) before Motif polls. */
  syncWaitSeconds: number;
}

/**
 * Runs one prediction to its end and answers its output file addresses. It is created with
 * `Prefer: wait`, so a quick model answers in that one request; a slower one is then polled at
 * its urls.get, its logged progress reported. When `signal` aborts (a cancel, the deadline) the
 * caller is answered at once and the prediction is cancelled on Replicate: if it aborts while
 * the creating request is still held, that request is left to finish on its own so its id is
 * known, then cancelled.
 */
export async function runPrediction(
  options: PredictionOptions,
  model: string,
  input: Record<string, unknown>,
  signal: AbortSignal,
  onProgress?: GenerateRequest["onProgress"],
): Promise<string[]> {
  const ref = parseModelRef(model);
  const creating = createPrediction(options, ref, input);
  creating.catch(() => {});
  let prediction: Prediction;
  try {
    prediction = await abortable(creating, signal);
  } catch (error) {
    if (signal.aborted) void creating.then((created) => cancelPrediction(options.connection, created)).catch(() => {});
    throw error;
  }
  const stopCancelling = cancelOnAbort(options.connection, prediction, signal);
  try {
    prediction = await follow(options, prediction, signal, onProgress);
  } finally {
    stopCancelling();
  }
  return outputOf(prediction);
}

async function createPrediction(options: PredictionOptions, ref: ModelRef, input: Record<string, unknown>) {
  const wait = Math.min(60, Math.max(1, Math.round(options.syncWaitSeconds)));
  const { body } = await replicateJson(
    options.connection,
    ref.kind === "official" ? `/v1/models/${ref.owner}/${ref.name}/predictions` : "/v1/predictions",
    {
      body: ref.kind === "official" ? { input } : { version: ref.version, input },
      headers: { Prefer: `wait=${wait}` },
      // Its own bound, not the caller's signal: see runPrediction.
      signal: AbortSignal.timeout((wait + 30) * 1000),
    },
  );
  return parsePrediction(body);
}

export function parsePrediction(body: unknown): Prediction {
  const parsed = predictionSchema.safeParse(body);
  if (!parsed.success) throw new ProviderAnswerError("The image service answered in a form Motif does not know");
  return parsed.data;
}

/** Polls the prediction until it ends, reporting its progress on the way. */
async function follow(
  options: PredictionOptions,
  first: Prediction,
  signal: AbortSignal,
  onProgress: GenerateRequest["onProgress"],
): Promise<Prediction> {
  let prediction = first;
  let reported = -1;
  let failures = 0;
  for (;;) {
    const progress = progressOfPrediction(prediction);
    if (progress.step !== reported) {
      reported = progress.step;
      onProgress?.(progress);
    }
    if (isTerminal(prediction.status)) return prediction;
    await pause(options.pollIntervalMs, signal);
    try {
      const { body } = await replicateJson(
        options.connection,
        prediction.urls?.get ?? `/v1/predictions/${prediction.id}`,
        {
          signal,
        },
      );
      prediction = parsePrediction(body);
      failures = 0;
    } catch (error) {
      if (!(error instanceof ProviderRetryableError) || signal.aborted || ++failures >= STATUS_ATTEMPTS) throw error;
    }
  }
}

/** The file addresses a succeeded prediction made, or the error an ended one stands for. */
function outputOf(prediction: Prediction): string[] {
  if (prediction.status === "failed") throw predictionFailure(prediction.error);
  if (prediction.status !== "succeeded") {
    throw new ProviderRetryableError("The prediction was stopped at the image service before it finished");
  }
  const { output } = prediction;
  const urls = typeof output === "string" ? [output] : Array.isArray(output) ? output : [];
  if (urls.length === 0 || !urls.every((url): url is string => typeof url === "string")) {
    throw new ProviderAnswerError("The image service returned no images");
  }
  return urls;
}

/** A failed prediction: its safety checker's refusal, or a model failure worth another try. */
export function predictionFailure(error: unknown): Error {
  const said = typeof error === "string" ? error.replace(/\s+/g, " ").trim().slice(0, 300) : "";
  if (isRefusal(said))
    return new ProviderRefusalError("The image service declined this request under its content policy");
  return new ProviderRetryableError(`The image service could not make the image${said ? `: ${said}` : ""}`);
}

/** Asks Replicate to stop the prediction (it is billed only for the time it ran). */
export async function cancelPrediction(connection: ReplicateConnection, prediction: Prediction): Promise<void> {
  if (isTerminal(prediction.status)) return;
  await replicateJson(connection, prediction.urls?.cancel ?? `/v1/predictions/${prediction.id}/cancel`, {
    method: "POST",
    signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS),
  });
}

function cancelOnAbort(connection: ReplicateConnection, prediction: Prediction, signal: AbortSignal): () => void {
  const cancel = () => void cancelPrediction(connection, prediction).catch(() => {});
  if (signal.aborted) {
    cancel();
    return () => {};
  }
  signal.addEventListener("abort", cancel, { once: true });
  return () => signal.removeEventListener("abort", cancel);
}

/** Progress from a prediction's status and its model's logged steps, as a percentage. */
export function progressOfPrediction(prediction: Pick<Prediction, "status" | "logs">): GenerateProgress {
  if (prediction.status === "succeeded") return { step: 100, steps: 100 };
  if (prediction.status !== "processing") return { step: 0, steps: 100 };
  return { step: progressFromLogs(prediction.logs ?? ""), steps: 100 };
}

/**
 * The last progress a model logged, 0 to 99: a sampler's or trainer's "14/28" or "step 300/1000",
 * or tqdm's "45%|".
 */
export function progressFromLogs(logs: string): number {
  for (const line of logs.split(/[\r\n]+/).reverse()) {
    const percent = /(\d{1,3})\s*%/.exec(line);
    if (percent && Number(percent[1]) <= 100) return Math.min(99, Number(percent[1]));
    const fraction = /(\d+)\s*\/\s*(\d+)/.exec(line);
    if (fraction && Number(fraction[2]) > 0 && Number(fraction[1]) <= Number(fraction[2])) {
      return Math.min(99, Math.floor((Number(fraction[1]) / Number(fraction[2])) * 100));
    }
  }
  return 0;
}

/** `promise`, or the signal's reason as soon as it aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
