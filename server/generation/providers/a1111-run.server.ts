import { a1111Headers, a1111Json, a1111Url, firstImage, type A1111Connection } from "./a1111-http.server";
import { ProviderRetryableError, type GeneratedImage, type GenerateProgress } from "./provider";

const DEFAULT_PROGRESS_INTERVAL_MS = 500;
const INTERRUPT_TIMEOUT_MS = 5_000;

export interface A1111RunOptions {
  connection: A1111Connection;
  /** Pause between progress polls; tests pass a short one. */
  progressIntervalMs?: number;
}

/** The WebUI's /sdapi/v1/progress answer, the parts Motif reads. */
interface ProgressState {
  job_count?: number;
  job_timestamp?: string;
  interrupted?: boolean;
  sampling_step?: number;
  sampling_steps?: number;
}

/**
 * One txt2img or img2img call: while it runs, the WebUI's progress is polled and reported; when
 * `signal` aborts (a cancel, the deadline) the WebUI is told to interrupt, since closing the
 * connection alone does not stop its sampler. An interrupted run still answers, with the
 * half-made image: that image is never kept, whoever interrupted it (the WebUI's interrupt
 * stops whatever it is running, so one Motif cancel may stop another Motif image: that one is
 * then retried).
 */
export async function runA1111(
  options: A1111RunOptions,
  path: "/sdapi/v1/txt2img" | "/sdapi/v1/img2img",
  body: Record<string, unknown>,
  signal: AbortSignal,
  onProgress?: (progress: GenerateProgress) => void,
): Promise<GeneratedImage> {
  const { connection } = options;
  const interrupted = new Set<string>();
  const running = new AbortController();
  const interrupt = () => void interruptWebUI(connection);
  signal.addEventListener("abort", interrupt, { once: true });
  const watch = pollProgress(options, AbortSignal.any([signal, running.signal]), (state) => {
    if (state.interrupted && state.job_timestamp) interrupted.add(state.job_timestamp);
    const steps = state.sampling_steps ?? 0;
    if (!state.interrupted && (state.job_count ?? 0) > 0 && steps > 0)
      onProgress?.({ step: Math.min(state.sampling_step ?? 0, steps), steps });
  });
  try {
    const answer = await a1111Json(connection, path, { body, signal });
    signal.throwIfAborted();
    // The poll may have missed an interrupt in its last moments: one more look at this run.
    const job = jobTimestampOf(answer);
    const last = await readProgress(connection, signal).catch(() => null);
    if (last?.interrupted && last.job_timestamp) interrupted.add(last.job_timestamp);
    if (job ? interrupted.has(job) : interrupted.size > 0) {
      throw new ProviderRetryableError(
        "The WebUI's run was interrupted before it finished (stopped in the WebUI, or by another cancel): its half-made image was not kept",
      );
    }
    return await firstImage(answer);
  } finally {
    signal.removeEventListener("abort", interrupt);
    running.abort();
    await watch;
  }
}

/** The run's job as the WebUI's answer names it: `info` is a JSON string of the run's parameters. */
function jobTimestampOf(answer: unknown): string | undefined {
  const { info } = answer as { info?: unknown };
  if (typeof info !== "string") return undefined;
  try {
    const { job_timestamp: job } = JSON.parse(info) as { job_timestamp?: unknown };
    return typeof job === "string" && job ? job : undefined;
  } catch {
    return undefined;
  }
}

async function readProgress(connection: A1111Connection, signal: AbortSignal): Promise<ProgressState | null> {
  const answer = (await a1111Json(connection, "/sdapi/v1/progress?skip_current_image=true", { signal })) as {
    state?: ProgressState;
  };
  return answer.state ?? null;
}

/** Polls progress until `signal` aborts; a failed poll is skipped (the run's own call decides). */
async function pollProgress(options: A1111RunOptions, signal: AbortSignal, seen: (state: ProgressState) => void) {
  const interval = options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS;
  while (!signal.aborted) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, interval);
      signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
    });
    if (signal.aborted) return;
    const state = await readProgress(options.connection, signal).catch(() => null);
    if (state && !signal.aborted) seen(state);
  }
}

/** Tells the WebUI to stop its run, on a signal of its own (the run's has aborted); failures are ignored. */
async function interruptWebUI(connection: A1111Connection): Promise<void> {
  try {
    const response = await fetch(a1111Url("/sdapi/v1/interrupt", connection.baseUrl), {
      method: "POST",
      headers: a1111Headers(connection),
      signal: AbortSignal.timeout(INTERRUPT_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => {});
  } catch {
    // The WebUI may be gone; the run is abandoned either way.
  }
}
