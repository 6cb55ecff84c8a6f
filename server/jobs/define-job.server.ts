import type { z } from "zod";

/**
 * A kind of background job: its queue, the shape of its data (versioned, checked when sent and
 * when taken), how it is retried and, for housekeeping, when it runs. Each job kind is declared
 * once, beside the code that does its work, and listed in `server/job-kinds.server.ts`.
 */
export interface JobDefinition<T extends object> {
  /** The queue's name: stable, since queued jobs and schedules are stored under it. */
  name: string;
  /** The data's version, stored with every job (`v`); a handler refuses a version it does not know. */
  version: number;
  /** What a job's data is (without `v`). */
  schema: z.ZodType<T>;
  retry: {
    /** Runs after the first: a worker that died, a handler that threw. */
    limit: number;
    delaySeconds: number;
    backoff?: boolean;
    delayMaxSeconds?: number;
  };
  /** A run that has not finished this long is taken for lost and run again (a retry). */
  expireInSeconds?: number;
  /** A worker that stops sending heartbeats this long is taken for dead: its job runs again. */
  heartbeatSeconds?: number;
  /**
   * When it runs by itself, as a cron expression (minute granularity): once per occurrence
   * across every process, however many are up. Such a job is also one at a time: a run asked
   * for while one is queued or running is dropped.
   */
  schedule?: string;
  /** Sending wakes the workers listening, in every process (docs/decisions/062). */
  notify?: boolean;
}

export function defineJob<T extends object>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}
