import { z } from "zod";
import { defineJob } from "../jobs/define-job.server";
import type { JobSystem } from "../jobs/job-system.server";
import { longestBackoffMs } from "./retry.server";
import { asQuietWork } from "../runtime/collect-when-quiet.server";

/**
 * How often an idle worker looks for jobs while notices wake it (docs/decisions/062): a job sent
 * now starts at once, so this only catches jobs that become due later (a retry after its pause).
 */
const IDLE_POLL_SECONDS = 30;
/** How often workers look when notices are unavailable (a LISTEN that could not be set up). */
const FALLBACK_POLL_SECONDS = 0.5;
/** Runs the queue gives a job: the first and its retries (a worker that died, an expiry). */
export const QUEUE_RUNS_PER_JOB = 4;

/** One generation job to run: the queue entry names the job's row, which holds everything else. */
export const generationJob = defineJob({
  name: "generation",
  version: 1,
  schema: z.object({ jobId: z.string() }),
  retry: { limit: QUEUE_RUNS_PER_JOB - 1, delaySeconds: 2, backoff: true },
  // Sending a job notifies the workers listening, in this process or another (docs/decisions/062).
  notify: true,
});

export interface GenerationQueue {
  /** Queues a job of `ownerId`; it may run for at most `expireInSeconds` before the queue retries it. */
  enqueue(jobId: string, options: { expireInSeconds: number; ownerId: string }): Promise<void>;
  /**
   * Runs `handler` for queued jobs in this process, at most `concurrency` at a time and at
   * most `perUserConcurrency` of one user's jobs at a time.
   */
  work(
    handler: (jobId: string, signal: AbortSignal) => Promise<void>,
    options: { concurrency: number; perUserConcurrency: number },
  ): Promise<void>;
}

/** Generation jobs in the job system: durable, retried, taken by any worker process. */
export async function startGenerationQueue(
  jobs: JobSystem,
  options: {
    /** A worker that stops sending heartbeats this long is taken for dead: its job is retried. */
    heartbeatSeconds: number;
  },
): Promise<GenerationQueue> {
  const job = { ...generationJob, heartbeatSeconds: options.heartbeatSeconds };
  await jobs.define(job);
  return {
    async enqueue(jobId, { expireInSeconds, ownerId }) {
      // One queue entry per generation job, however often it is enqueued; its owner is its group.
      // Sending wakes this process's workers; the notice wakes the others'.
      await jobs.send(job, { jobId }, { singletonKey: jobId, expireInSeconds, group: { id: ownerId } });
    },
    async work(handler, { concurrency, perUserConcurrency }) {
      await jobs.work(
        job,
        {
          localConcurrency: concurrency,
          // Fairness (ADR 018): a user whose jobs hold their share of this worker's slots waits,
          // and the next user's job is taken instead, so one user's stalled jobs never hold
          // every slot. Counted in this process exactly; each worker process keeps the share.
          localGroupConcurrency: perUserConcurrency,
          pollingIntervalSeconds: FALLBACK_POLL_SECONDS,
          notifyPollingIntervalSeconds: IDLE_POLL_SECONDS,
        },
        async (taken) => {
          try {
            await asQuietWork(() => handler(taken.data.jobId, taken.signal));
          } finally {
            // A slot, and maybe a user's share, is free: look again now rather than at the next poll.
            jobs.wake(job);
          }
        },
      );
    },
  };
}

/**
 * The longest one run of a job may take: each of its images with every provider
 * attempt timing out (a deadline bounds each, body included) and the pauses between
 * them, plus a minute. A 50-object set gets far longer than 4 samples. Never shorter,
 * or the queue would start the run again while it is still retrying within its budget.
 */
export function jobExpirySeconds(generation: { timeoutMs: number; maxAttempts: number }, imageCount: number): number {
  const perImageMs = generation.timeoutMs * generation.maxAttempts + longestBackoffMs(generation.maxAttempts);
  return Math.ceil((perImageMs * imageCount) / 1000) + 60;
}
