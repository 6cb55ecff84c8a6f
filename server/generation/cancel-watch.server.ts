import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { generationJobs } from "../db/schema";

/** How often a running provider call checks whether its job was cancelled. */
export const CANCEL_POLL_MS = 1_000;

export class JobCanceledError extends Error {
  override name = "JobCanceledError";
  constructor() {
    super("The job was cancelled");
  }
}

export async function isRunning(db: Database, jobId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: generationJobs.status })
    .from(generationJobs)
    .where(eq(generationJobs.id, jobId));
  return row?.status === "running";
}

/**
 * A signal that aborts when the job stops running (a user's cancel, from any process:
 * the job's row is what is watched) or when `parent` aborts (the worker shutting down).
 * Providers pass it on, so a cancel stops the provider's work (ComfyUI's interrupt,
 * fal's queue cancel) instead of waiting for an image nobody wants.
 */
export function watchForCancel(
  db: Database,
  jobId: string,
  options: { parent?: AbortSignal; pollMs?: number } = {},
): { signal: AbortSignal; readonly canceled: boolean; stop(): void } {
  const controller = new AbortController();
  let canceled = false;
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    isRunning(db, jobId)
      .then((running) => {
        if (running || controller.signal.aborted) return;
        canceled = true;
        controller.abort(new JobCanceledError());
      })
      // A failed check is not a cancel: the next one decides.
      .catch(() => {})
      .finally(() => (checking = false));
  }, options.pollMs ?? CANCEL_POLL_MS);
  timer.unref();
  const signal = options.parent ? AbortSignal.any([options.parent, controller.signal]) : controller.signal;
  return {
    signal,
    get canceled() {
      return canceled;
    },
    stop: () => clearInterval(timer),
  };
}
