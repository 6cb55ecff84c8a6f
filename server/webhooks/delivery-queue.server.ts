import type { PgBoss } from "pg-boss";
import type { DatabaseHandle } from "../db/client.server";
import { wakeWorkers } from "../generation/queue.server";
import type { WebhookNetwork } from "../net/address-policy.server";
import {
  attemptDelivery,
  giveUpStaleDeliveries,
  markQueued,
  unqueuedDeliveryIds,
  WEBHOOKS_CHANNEL,
} from "./deliveries.server";

const QUEUE = "webhook-delivery";

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
  boss: PgBoss;
  database: DatabaseHandle;
  network: WebhookNetwork;
  retry?: WebhookRetryPolicy;
  timeoutMs?: number;
  concurrency?: number;
  onError?: (error: unknown) => void;
}): Promise<WebhookDelivery> {
  const { boss, database } = options;
  const db = database.db;
  const retry = options.retry ?? defaultWebhookRetry;
  const retryLimit = retry.attempts - 1;
  const queueOptions = {
    retryLimit,
    retryDelay: retry.retryDelaySeconds,
    retryDelayMax: retry.retryDelayMaxSeconds,
    retryBackoff: true,
    // One attempt is bounded by the request's timeout; this only catches a worker that died mid-attempt.
    expireInSeconds: 120,
    // A delivery queued now wakes the workers; its retries, minutes apart, are found by the idle poll.
    notify: true,
  };
  await boss.createQueue(QUEUE, queueOptions);
  await boss.updateQueue(QUEUE, queueOptions);

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
        for (const id of ids) await boss.send(QUEUE, { deliveryId: id }, { id });
        await markQueued(db, ids);
        if (ids.length) wakeWorkers(boss, QUEUE);
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

  await boss.work<{ deliveryId: string }>(
    QUEUE,
    {
      localConcurrency: options.concurrency ?? 4,
      pollingIntervalSeconds: 0.5,
      // Idle workers look at most this often: a retry becomes due with no notice, and waits for
      // the next look, so never longer than the shortest pause between attempts.
      notifyPollingIntervalSeconds: Math.max(0.5, Math.min(30, retry.retryDelaySeconds)),
    },
    async ([job]) => {
      if (!job) return;
      try {
        const outcome = await attemptDelivery(
          { db, network: options.network, timeoutMs: options.timeoutMs },
          job.data.deliveryId,
          { lastAttempt: job.retryCount >= retryLimit },
        );
        // Failing the queue job is what schedules the next attempt, with its backoff.
        if (outcome === "retry") throw new Error("The webhook was not delivered; it will be tried again.");
      } finally {
        // A backlog (many events at once) drains without waiting for the idle poll.
        wakeWorkers(boss, QUEUE);
      }
    },
  );
  const unlisten = await database.listen(WEBHOOKS_CHANNEL, relayInBackground, relayInBackground);
  // Far past the last retry: a delivery still pending then lost its queue job.
  const staleAfterMs = 3 * retry.retryDelayMaxSeconds * 1000 + 2 * 3600_000;
  const sweep = setInterval(() => {
    relayInBackground();
    void giveUpStaleDeliveries(db, staleAfterMs).catch((error) => options.onError?.(error));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  relayInBackground();

  return {
    relay,
    async stop() {
      clearInterval(sweep);
      await unlisten();
      await boss.offWork(QUEUE);
      await running?.catch(() => {});
    },
  };
}
