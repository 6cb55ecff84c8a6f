import { z } from "zod";
import { bflDetail, bflJson, bflRoot, isBflAddress, type BflConnection } from "./bfl-http.server";
import {
  ProviderAnswerError,
  ProviderError,
  ProviderRefusalError,
  ProviderRetryableError,
  type GenerateProgress,
  type GenerateRequest,
} from "./provider";

/** Status polls that may fail in a row (the task is already paid for) before giving up. */
const POLL_ATTEMPTS = 3;

const submittedSchema = z.object({ id: z.string().min(1), polling_url: z.string().optional() });

const resultSchema = z.object({
  id: z.string().optional(),
  status: z.string(),
  result: z.unknown().optional(),
  progress: z.number().nullish(),
  details: z.unknown().optional(),
});
type TaskResult = z.output<typeof resultSchema>;

export interface TaskOptions {
  connection: BflConnection;
  pollIntervalMs: number;
}

/**
 * Runs one task to its end and answers the address of its image (result.sample, a signed link
 * that expires). BFL has no cancel: when `signal` aborts (a cancel, the deadline) Motif only
 * stops polling; the task finishes at BFL on its own.
 */
export async function runTask(
  options: TaskOptions,
  model: string,
  input: Record<string, unknown>,
  signal: AbortSignal,
  onProgress?: GenerateRequest["onProgress"],
): Promise<string> {
  const { body } = await bflJson(options.connection, `/v1/${encodeURIComponent(model)}`, { body: input, signal });
  const submitted = submittedSchema.safeParse(body);
  if (!submitted.success)
    throw new ProviderAnswerError("The image service answered a task in a form Motif does not know");
  const pollAt = pollingAddress(options.connection, submitted.data.id, submitted.data.polling_url);
  let reported = -1;
  const report = (progress: GenerateProgress) => {
    if (progress.step === reported) return;
    reported = progress.step;
    onProgress?.(progress);
  };
  report({ step: 0, steps: 100 });
  let failures = 0;
  for (;;) {
    await pause(options.pollIntervalMs, signal);
    let task: TaskResult;
    try {
      task = await poll(options.connection, pollAt, signal);
      failures = 0;
    } catch (error) {
      if (!(error instanceof ProviderRetryableError) || signal.aborted || ++failures >= POLL_ATTEMPTS) throw error;
      continue;
    }
    const sample = outcomeOf(task);
    if (sample) {
      report({ step: 100, steps: 100 });
      return sample;
    }
    report({ step: progressOf(task.progress), steps: 100 });
  }
}

/**
 * Where to poll: the polling_url BFL answered (a regional host, as its docs ask), when the key
 * may go there; else get_result on the base URL.
 */
export function pollingAddress(connection: BflConnection, id: string, pollingUrl: string | undefined): string {
  if (pollingUrl && isBflAddress(pollingUrl, connection.baseUrl)) return pollingUrl;
  return `${bflRoot(connection.baseUrl)}/v1/get_result?id=${encodeURIComponent(id)}`;
}

async function poll(connection: BflConnection, address: string, signal: AbortSignal): Promise<TaskResult> {
  // An unknown or expired id may come as a 404 with the same body as a 200 "Task not found".
  const { status, body } = await bflJson(connection, address, { signal, accept: [404] });
  const parsed = resultSchema.safeParse(body);
  if (!parsed.success) {
    if (status === 404)
      throw new ProviderAnswerError("The image service lost the task (HTTP 404: Task not found): it may have expired");
    throw new ProviderAnswerError("The image service answered a task's state in a form Motif does not know");
  }
  return parsed.data;
}

/** The image's address once Ready, the error an ended task stands for, or null while it works. */
function outcomeOf(task: TaskResult): string | null {
  const said = bflDetail({ details: task.details });
  const suffix = said ? `: ${said}` : "";
  switch (task.status) {
    case "Ready": {
      const sample = (task.result as { sample?: unknown } | null | undefined)?.sample;
      if (typeof sample !== "string" || !sample) throw new ProviderAnswerError("The image service returned no image");
      return sample;
    }
    case "Request Moderated":
    case "Content Moderated":
      throw new ProviderRefusalError("The image service declined this request under its content policy");
    case "Task not found":
      throw new ProviderAnswerError("The image service lost the task (Task not found): it may have expired");
    case "Error":
      throw new ProviderError(`The image service could not make the image${suffix}`);
    default:
      // "Pending", and any state BFL adds later: polled on, within the deadline.
      return null;
  }
}

/** BFL's progress, a fraction (0.4) or a percentage (40), as 0 to 99 until the image is ready. */
export function progressOf(progress: number | null | undefined): number {
  if (progress == null || !Number.isFinite(progress) || progress <= 0) return 0;
  const percent = progress <= 1 ? progress * 100 : progress;
  return Math.min(99, Math.floor(percent));
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
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
