import { eq } from "drizzle-orm";
import { startTrainingQueue } from "#server/learning/training-queue.server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { creditLedger, generationJobs } from "#server/db/schema";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import { housekeepingJob, startHousekeeping } from "#server/housekeeping/housekeeping.server";
import * as registry from "#server/job-kinds.server";
import { registry as metrics, reportFrom } from "#server/metrics/metrics.server";
import { publicNetwork } from "#server/net/address-policy.server";
import { insertStyleWithSamples } from "#server/styles/style-samples.server";
import { startWebhookDelivery, type WebhookDelivery } from "#server/webhooks/delivery-queue.server";
import { testDatabases } from "../support/databases";
import { balanceOf, createUser, personalActor } from "../support/factories";
import { startQueueOn, type StartedQueue } from "../support/job-queue";
import { PRICE, styleInput } from "./credits-and-jobs-helpers";

const generation = { timeoutMs: 60_000, maxAttempts: 3, heartbeatSeconds: 30 };
const EVERY_FIVE_MINUTES = "*/5 * * * *";

describe.each(testDatabases)("the job system on $name", { timeout: 60_000 }, (target) => {
  // Each test its own database: a run left behind by one test's stopped worker is not the next one's.
  const on = {} as { handle: DatabaseHandle };
  let running: StartedQueue | undefined;
  let delivery: WebhookDelivery | undefined;
  beforeEach(async () => {
    on.handle = await target.open();
  });
  afterEach(async () => {
    await delivery?.stop();
    await running?.stop();
    running = undefined;
    delivery = undefined;
    await on.handle.close();
  });

  /** A worker process's jobs, as services.server.ts starts them: every kind defined and worked, schedules kept. */
  async function startWorker() {
    running = await startQueueOn(on.handle, { schedule: true, superviseSeconds: 1 });
    delivery = await startWebhookDelivery({ jobs: running.jobs, database: on.handle, network: publicNetwork });
    await startHousekeeping(running.jobs, on.handle.db, { generation, schedule: EVERY_FIVE_MINUTES });
    await startTrainingQueue(running.jobs);
    return running;
  }

  /** A paid samples job submitted three days ago and never run: housekeeping's to end. */
  async function staleJob() {
    const userId = await createUser(on.handle, 100);
    const submitted = await on.handle.db.transaction((tx) =>
      insertStyleWithSamples(tx, {
        actor: personalActor(userId),
        style: styleInput,
        provider: createOfflineProvider(),
      }),
    );
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    await on.handle.db
      .update(generationJobs)
      .set({ createdAt: threeDaysAgo })
      .where(eq(generationJobs.id, submitted.job.id));
    return { userId, job: submitted.job };
  }

  const refundsOf = (jobId: string) =>
    on.handle.db
      .select({ delta: creditLedger.delta })
      .from(creditLedger)
      .where(eq(creditLedger.ref, jobId))
      .then((rows) => rows.filter((row) => row.delta > 0));

  it("defines every kind in the registry when a worker starts, with housekeeping on its schedule", async () => {
    const { jobs } = await startWorker();
    const queues = (await jobs.boss.getQueues()).map((queue) => queue.name);
    expect(queues).toEqual(expect.arrayContaining(Object.values(registry).map((job) => job.name)));
    const schedules = await jobs.boss.getSchedules(housekeepingJob.name);
    expect(schedules.map((schedule) => schedule.cron)).toEqual([EVERY_FIVE_MINUTES]);
    const [housekeeping] = await jobs.boss.getQueues([housekeepingJob.name]);
    expect(housekeeping?.policy).toBe("exclusive");
  });

  it("runs housekeeping once at a time: a stale job ends refunded once, however often it runs", async () => {
    const { userId, job } = await staleJob();
    expect(await balanceOf(on.handle.db, userId)).toBe(100 - PRICE);
    const { jobs } = await startWorker();

    const first = await jobs.send(housekeepingJob, {});
    expect(first).not.toBeNull();
    await vi.waitFor(
      async () => {
        const [row] = await on.handle.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
        expect(row).toMatchObject({ status: "failed", refunded: true });
      },
      { timeout: 20_000, interval: 100 },
    );
    await vi.waitFor(async () =>
      expect((await jobs.boss.getJobById(housekeepingJob.name, first!))?.state).toBe("completed"),
    );

    // Run again: nothing is refunded twice.
    const again = await jobs.send(housekeepingJob, {});
    await vi.waitFor(async () =>
      expect((await jobs.boss.getJobById(housekeepingJob.name, again!))?.state).toBe("completed"),
    );
    expect(await refundsOf(job.id)).toEqual([{ delta: PRICE }]);
    expect(await balanceOf(on.handle.db, userId)).toBe(100);
  });

  it("drops a run asked for while one is waiting", async () => {
    // No worker takes it: the first waits, and the second is not queued beside it.
    running = await startQueueOn(on.handle);
    await running.jobs.define(housekeepingJob);
    expect(await running.jobs.send(housekeepingJob, {})).not.toBeNull();
    expect(await running.jobs.send(housekeepingJob, {})).toBeNull();
  });

  it("refuses to queue data its kind does not take, and fails a run of a version it does not know", async () => {
    const { jobs } = await startWorker();
    await expect(jobs.send(registry.generationJob, { jobId: 42 } as unknown as { jobId: string })).rejects.toThrow();
    const id = await jobs.boss.send(housekeepingJob.name, { v: 2 }, { retryLimit: 0 });
    jobs.wake(housekeepingJob);
    await vi.waitFor(
      async () => expect((await jobs.boss.getJobById(housekeepingJob.name, id!))?.state).toBe("failed"),
      {
        timeout: 20_000,
        interval: 100,
      },
    );
  });

  it("reports each queue's jobs by state in /metrics", async () => {
    running = await startQueueOn(on.handle, { superviseSeconds: 1 });
    const { jobs, queue } = running;
    reportFrom({ db: on.handle.db, openEventStreams: () => 0, queueCounts: () => jobs.counts() });
    // Queued with no worker to take it.
    await queue.enqueue("job-waiting", { expireInSeconds: 60, ownerId: "owner" });
    await vi.waitFor(
      async () => expect(await metrics.metrics()).toContain('motif_queue_jobs{queue="generation",state="queued"} 1'),
      { timeout: 20_000, interval: 250 },
    );
    expect(await metrics.metrics()).toContain('motif_queue_jobs{queue="generation",state="failed"} 0');
  });
});
