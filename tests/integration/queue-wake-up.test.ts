import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { startQueueOn, type StartedQueue } from "../support/job-queue";
import { testDatabases } from "../support/databases";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases)("idle workers on $name", { timeout: 60_000 }, (target) => {
  let database: DatabaseHandle | undefined;
  const queues: StartedQueue[] = [];
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
    await database?.close();
    database = undefined;
  });

  /** Starts a worker whose handler notes when each job started and takes `runMs`; resolves once it has looked once. */
  async function startWorkingQueue(runMs = 0) {
    const started = new Map<string, number>();
    const running = await startQueueOn(database!);
    queues.push(running);
    await running.queue.work(
      async (jobId) => {
        started.set(jobId, Date.now());
        await pause(runMs);
      },
      { concurrency: 2, perUserConcurrency: 2 },
    );
    return { queue: running.queue, jobs: running.jobs, started };
  }

  /** The workers' last looks, to tell a wake-up from a poll. */
  const lastLooks = (running: Pick<StartedQueue, "jobs">) =>
    running.jobs.boss
      .getWipData()
      .filter((worker) => worker.name === "generation")
      .map((worker) => worker.lastFetchedOn);

  it("do not poll, and start a job sent in the same process within a second", async () => {
    database = await target.open();
    const { queue, jobs, started } = await startWorkingQueue();
    await pause(1000);
    const looked = lastLooks({ jobs });
    await pause(2000);
    // Nothing was fetched for two seconds: the workers sleep until woken.
    expect(lastLooks({ jobs })).toEqual(looked);

    const jobId = randomUUID();
    const sent = Date.now();
    await queue.enqueue(jobId, { expireInSeconds: 60, ownerId: "owner" });
    await vi.waitFor(() => expect(started.has(jobId)).toBe(true), { timeout: 5_000, interval: 10 });
    expect(started.get(jobId)! - sent).toBeLessThan(1000);
  });

  it("drain a backlog without waiting for the idle poll", async () => {
    database = await target.open();
    const { queue, started } = await startWorkingQueue(200);
    await pause(1000);
    // Six jobs of one user, two at a time: three rounds of 200 ms each.
    const jobIds = Array.from({ length: 6 }, () => randomUUID());
    const sent = Date.now();
    for (const jobId of jobIds) await queue.enqueue(jobId, { expireInSeconds: 60, ownerId: "owner" });
    await vi.waitFor(() => expect(started.size).toBe(6), { timeout: 15_000, interval: 10 });
    expect(Math.max(...started.values()) - sent).toBeLessThan(3000);
  });

  // Only PostgreSQL serves several processes; the embedded database belongs to one.
  if (target.name === "postgres") {
    it("start a job sent by another process (a web process) within a second", async () => {
      database = await target.open();
      const worker = await startWorkingQueue();
      // The web process: its own queue client, its own connections, no workers and no listener.
      const web = await startQueueOn(database, { listen: false });
      queues.push(web);
      await pause(1000);
      const looked = lastLooks(worker);
      await pause(1500);
      expect(lastLooks(worker)).toEqual(looked);
      const jobId = randomUUID();
      const sent = Date.now();
      await web.queue.enqueue(jobId, { expireInSeconds: 60, ownerId: "owner" });
      await vi.waitFor(() => expect(worker.started.has(jobId)).toBe(true), { timeout: 5_000, interval: 10 });
      expect(worker.started.get(jobId)! - sent).toBeLessThan(1000);
    });
  }
});
