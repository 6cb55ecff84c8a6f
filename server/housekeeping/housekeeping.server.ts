import { z } from "zod";
import { DEFAULT_HOUSEKEEPING_SCHEDULE } from "../config.server";
import type { Database } from "../db/client.server";
import { pruneUserEvents } from "../events/events.server";
import { sweepStaleJobs } from "../generation/lifecycle.server";
import { QUEUE_RUNS_PER_JOB } from "../generation/queue.server";
import { deleteExpiredIdempotencyKeys } from "../idempotency/idempotency-keys.server";
import { defineJob } from "../jobs/define-job.server";
import type { JobSystem } from "../jobs/job-system.server";
import { getLogger } from "../logger.server";
import { giveUpStaleDeliveries } from "../webhooks/deliveries.server";
import { defaultWebhookRetry, staleDeliveryAgeMs } from "../webhooks/delivery-queue.server";

/**
 * What is tidied on a schedule: generation jobs whose queue entry gave up are ended with their
 * refund, webhook deliveries whose queue entry was lost are marked failed, and old live events
 * and expired Idempotency-Keys are deleted. Each step is safe to run twice or to stop half-way
 * (a job is ended and refunded at most once), so a worker that dies mid-run loses nothing: the
 * run expires and another worker does it again.
 */
export const housekeepingJob = defineJob({
  name: "housekeeping",
  version: 1,
  schema: z.object({}),
  // A run that failed or whose worker died is taken up again soon: each step is safe to repeat.
  retry: { limit: 2, delaySeconds: 5 },
  expireInSeconds: 15 * 60,
  schedule: DEFAULT_HOUSEKEEPING_SCHEDULE,
});

export interface HousekeepingSettings {
  generation: { timeoutMs: number; maxAttempts: number; heartbeatSeconds: number };
  /** HOUSEKEEPING_SCHEDULE: a cron expression. */
  schedule: string;
}

/** Defines the housekeeping job (with its schedule, in a process that keeps schedules) and works it here. */
export async function startHousekeeping(jobs: JobSystem, db: Database, settings: HousekeepingSettings): Promise<void> {
  const job = {
    ...housekeepingJob,
    schedule: settings.schedule,
    // A worker killed mid-run is noticed as soon as a generation job's would be.
    heartbeatSeconds: settings.generation.heartbeatSeconds,
  };
  await jobs.define(job);
  await jobs.work(job, { pollingIntervalSeconds: 30 }, () => runHousekeeping(db, settings));
}

/** One housekeeping pass; what it did is logged. */
async function runHousekeeping(db: Database, settings: Pick<HousekeepingSettings, "generation">): Promise<void> {
  const logger = getLogger();
  // Far past the longest run of each job (its own image count) and every queue retry of it.
  const perImageMs = settings.generation.timeoutMs * settings.generation.maxAttempts * QUEUE_RUNS_PER_JOB;
  const ended = await sweepStaleJobs({ db }, { perImageMs, minimumMs: perImageMs + 10 * 60_000 });
  if (ended) logger.warn({ ended }, "ended stale generation jobs with a refund");
  const deliveriesGivenUp = await giveUpStaleDeliveries(db, staleDeliveryAgeMs(defaultWebhookRetry));
  if (deliveriesGivenUp) logger.warn({ deliveriesGivenUp }, "gave up webhook deliveries that lost their queue job");
  await pruneUserEvents(db);
  await deleteExpiredIdempotencyKeys(db);
}
