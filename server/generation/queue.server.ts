import { fromPglite, PgBoss } from "pg-boss";
import type { DatabaseHandle } from "../db/client.server";
import { longestBackoffMs } from "./retry.server";
import { asQuietWork } from "../runtime/collect-when-quiet.server";

const QUEUE = "generation";
/**
 * How often an idle worker looks for jobs while notices wake it (docs/decisions/062): a job sent
 * now starts at once, so this only catches jobs that become due later (a retry after its pause).
 */
const IDLE_POLL_SECONDS = 30;
/** How often workers look when notices are unavailable (a LISTEN that could not be set up). */
const FALLBACK_POLL_SECONDS = 0.5;
/** Runs the queue gives a job: the first and its retries (a worker that died, an expiry). */
export const QUEUE_RUNS_PER_JOB = 4;

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
  stop(): Promise<void>;
}

export interface StartedGenerationQueue extends GenerationQueue {
  /** The pg-boss underneath, for other job names to share (webhook deliveries); `stop()` stops it. */
  boss: PgBoss;
}

/**
 * Durable jobs in the database (pg-boss): a job survives a crash or restart and
 * is retried; on PostgreSQL any worker process may take it.
 */
export async function startGenerationQueue(options: {
  database: DatabaseHandle;
  /** A worker that stops sending heartbeats this long is taken for dead: its job is retried. */
  heartbeatSeconds: number;
  /**
   * Whether this process listens for the notice a sent job raises, to wake its workers: every
   * process that works jobs (default); a web-only process sends notices and needs no listener.
   */
  listen?: boolean;
  onError?: (error: Error) => void;
}): Promise<StartedGenerationQueue> {
  const { database } = options;
  const common = {
    superviseIntervalSeconds: options.heartbeatSeconds,
    // Motif schedules nothing and chains no jobs: without these, their polls (every 5 s each)
    // would be most of what an idle process does.
    schedule: false,
    flowIntervalSeconds: 3600,
    useListenNotify: options.listen ?? true,
  };
  const boss =
    database.kind === "pglite"
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: "pglite", ...common })
      : new PgBoss({ connectionString: database.url!, max: 4, ...common });
  boss.on("error", (error) => options.onError?.(error));
  await boss.start();
  const queueOptions = {
    retryLimit: QUEUE_RUNS_PER_JOB - 1,
    retryDelay: 2,
    retryBackoff: true,
    heartbeatSeconds: options.heartbeatSeconds,
    // Sending a job notifies the workers listening, in this process or another (docs/decisions/062).
    notify: true,
  };
  await boss.createQueue(QUEUE, queueOptions);
  // createQueue keeps an existing queue's settings; bring them up to date.
  await boss.updateQueue(QUEUE, queueOptions);
  return {
    boss,
    async enqueue(jobId, { expireInSeconds, ownerId }) {
      // One queue entry per generation job, however often it is enqueued; its owner is its group.
      await boss.send(QUEUE, { jobId }, { singletonKey: jobId, expireInSeconds, group: { id: ownerId } });
      // The notice does this too; a worker in this process needs no round trip through it.
      wakeWorkers(boss, QUEUE);
    },
    async work(handler, { concurrency, perUserConcurrency }) {
      await boss.work<{ jobId: string }>(
        QUEUE,
        {
          localConcurrency: concurrency,
          // Fairness (ADR 018): a user whose jobs hold their share of this worker's slots waits,
          // and the next user's job is taken instead, so one user's stalled jobs never hold
          // every slot. Counted in this process exactly; each worker process keeps the share.
          localGroupConcurrency: perUserConcurrency,
          pollingIntervalSeconds: FALLBACK_POLL_SECONDS,
          notifyPollingIntervalSeconds: IDLE_POLL_SECONDS,
        },
        async ([job]) => {
          if (!job) return;
          try {
            await asQuietWork(() => handler(job.data.jobId, job.signal));
          } finally {
            // A slot, and maybe a user's share, is free: look again now rather than at the next poll.
            wakeWorkers(boss, QUEUE);
          }
        },
      );
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}

/**
 * Wakes this process's idle workers of `queue` to look for jobs at once (pg-boss's own notice
 * does the same for every process listening). A worker that is busy looks again as soon as it
 * is free, so a queue with a backlog drains without waiting for the idle poll.
 */
export function wakeWorkers(boss: PgBoss, queue: string): void {
  for (const worker of boss.getWipData()) if (worker.name === queue) boss.notifyWorker(worker.id);
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
