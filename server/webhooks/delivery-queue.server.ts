import { z } from "zod";
import type { DatabaseHandle } from "../db/client.server";
import { defineJob } from "../jobs/define-job.server";
import type { JobSystem } from "../jobs/job-system.server";
import type { WebhookNetwork } from "../net/address-policy.server";
import { attemptDelivery, markQueued, unqueuedDeliveryIds, WEBHOOKS_CHANNEL } from "./deliveries.server";

export interface WebhookRetryPolicy {
  /** Attempts in all: the first and its retries. */
  attempts: number;
  /** The first retry's delay, in seconds; each next one doubles (with jitter, up to twice that). */
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
}

/**
 * Six attempts over about an hour: retries after ~1, 2, 4, 8 and 16 minutes (each up
 * to twice that with pg-boss's jitter), so 31 to 62 minutes from the first to the last.
 */
export const defaultWebhookRetry: WebhookRetryPolicy = {
  attempts: 6,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 1800,
};

/** One attempt to deliver one event, retried by `retry` (the delivery's id is the job's id). */
export const webhookDeliveryJobWith = (retry: WebhookRetryPolicy) =>
  defineJob({
    name: "webhook-delivery",
    version: 1,
    schema: z.object({ deliveryId: z.string() }),
    retry: {
      limit: retry.attempts - 1,
      delaySeconds: retry.retryDelaySeconds,
      delayMaxSeconds: retry.retryDelayMaxSeconds,
      backoff: true,
    },
    // One attempt is bounded by the request's timeout; this only catches a worker that died mid-attempt.
    expireInSeconds: 120,
    // A delivery queued now wakes the workers; its retries, minutes apart, are found by the idle poll.
    notify: true,
  });

export const webhookDeliveryJob = webhookDeliveryJobWith(defaultWebhookRetry);

/** Far past the last retry: a delivery still pending then lost its queue job (housekeeping gives it up). */
export const staleDeliveryAgeMs = (retry: WebhookRetryPolicy) => 3 * retry.retryDelayMaxSeconds * 1000 + 2 * 3600_000;

/** How often a worker looks for deliveries no notice announced (one sent while no worker listened). */
const SWEEP_INTERVAL_MS = 30_000;
const RELAY_BATCH = 100;

export interface WebhookDelivery {
  /** Hands every delivery not yet queued to the job queue; returns how many. */
  relay(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Delivers webhooks from the job queue (pg-boss, beside the generation queue): each event
 * is a queue job, retried with exponential backoff, that survives a restart and is taken
 * by any worker. A relay moves the events recorded with job endings (the outbox rows) into
 * the queue, woken by their notice and by a sweep that catches any missed.
 */
export async function startWebhookDelivery(options: {
  jobs: JobSystem;
  database: DatabaseHandle;
  network: WebhookNetwork;
  retry?: WebhookRetryPolicy;
  timeoutMs?: number;
  concurrency?: number;
  onError?: (error: unknown) => void;
}): Promise<WebhookDelivery> {
  const { jobs, database } = options;
  const db = database.db;
  const retry = options.retry ?? defaultWebhookRetry;
  const job = webhookDeliveryJobWith(retry);
  await jobs.define(job);

  // One relay pass at a time in this process; a pass asked for meanwhile runs after it.
  let running: Promise<number> | null = null;
  let again = false;
  async function relayOnce(): Promise<number> {
    let total = 0;
    do {
      again = false;
      let ids: string[];
      do {
        ids = await unqueuedDeliveryIds(db, RELAY_BATCH);
        // The delivery's id is the queue job's id: sent twice (two workers relaying), it is one job.
        // Each send wakes this process's workers.
        for (const id of ids) await jobs.send(job, { deliveryId: id }, { id });
        await markQueued(db, ids);
        total += ids.length;
      } while (ids.length === RELAY_BATCH);
    } while (again);
    return total;
  }
  function relay(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = relayOnce().finally(() => {
      running = null;
    });
    return running;
  }
  const relayInBackground = () => void relay().catch((error) => options.onError?.(error));

  await jobs.work(
    job,
    {
      localConcurrency: options.concurrency ?? 4,
      pollingIntervalSeconds: 0.5,
      // Idle workers look at most this often: a retry becomes due with no notice, and waits for
      // the next look, so never longer than the shortest pause between attempts.
      notifyPollingIntervalSeconds: Math.max(0.5, Math.min(30, retry.retryDelaySeconds)),
    },
    async (taken) => {
      try {
        const outcome = await attemptDelivery(
          { db, network: options.network, timeoutMs: options.timeoutMs },
          taken.data.deliveryId,
          { lastAttempt: taken.retryCount >= job.retry.limit },
        );
        // Failing the queue job is what schedules the next attempt, with its backoff.
        if (outcome === "retry") throw new Error("The webhook was not delivered; it will be tried again.");
      } finally {
        // A backlog (many events at once) drains without waiting for the idle poll.
        jobs.wake(job);
      }
    },
  );
  const unlisten = await database.listen(WEBHOOKS_CHANNEL, relayInBackground, relayInBackground);
  // Each worker's own relay catches a notice it missed; giving up lost deliveries is housekeeping's.
  const sweep = setInterval(relayInBackground, SWEEP_INTERVAL_MS);
  sweep.unref();
  relayInBackground();

  return {
    relay,
    async stop() {
      clearInterval(sweep);
      await unlisten();
      await jobs.stopWorking(job);
      await running?.catch(() => {});
    },
  };
}
