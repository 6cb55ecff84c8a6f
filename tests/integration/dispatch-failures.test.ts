// A job whose queue entry cannot be written after its reservation committed: it is not left charged
// and unqueued, and a retry with the same Idempotency-Key is answered once, never paid twice.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { generationJobs } from "#server/db/schema";
import { notQueuedMessage } from "#server/generation/dispatch.server";
import type { GenerationQueue } from "#server/generation/queue.server";
import { testDatabases } from "../support/databases";
import { balanceOf, grantCredits, insertStyle, json } from "../support/factories";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

describe.each(testDatabases)("a queue that refuses a job, on $name", (target) => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let refusing = true;
  const queued: string[] = [];
  const queue: GenerationQueue = {
    async enqueue(jobId) {
      if (refusing) throw new Error("queue connection lost");
      queued.push(jobId);
    },
    async work() {},
  };
  beforeAll(async () => {
    database = await target.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" }, { queue });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("ends the job with its refund, keeps that answer for the key, and takes the next submission", async () => {
    const ann = await signInThroughApi(server, `refused-queue-${target.name}@example.com`);
    await grantCredits(database.db, ann.userId, 1000);
    const styleId = await insertStyle(database.db, { ownerId: ann.userId });
    const before = await balanceOf(database.db, ann.userId);
    const post = (key: string) =>
      server.call("/api/objects", {
        method: "POST",
        cookie: ann.cookie,
        headers: { "Idempotency-Key": key },
        json: { styleId, subjects: ["a lantern"], size: "square", detail: "standard", transparent: true },
      });

    refusing = true;
    const first = await post("refused-once");
    expect(first.status).toBe(202);
    const answered = await json<{ job: { id: string; status: string; error: string | null } }>(first);
    expect(answered.job).toMatchObject({ status: "failed", error: notQueuedMessage });
    expect(await balanceOf(database.db, ann.userId)).toBe(before);

    // The same key again: the same answer, no second job, nothing charged.
    refusing = false;
    const again = await post("refused-once");
    expect(again.status).toBe(202);
    expect((await json<{ job: { id: string } }>(again)).job.id).toBe(answered.job.id);
    const jobs = await database.db.select().from(generationJobs).where(eq(generationJobs.ownerId, ann.userId));
    expect(jobs.map((job) => job.status)).toEqual(["failed"]);
    expect(await balanceOf(database.db, ann.userId)).toBe(before);

    // A new key, with the queue back: queued and charged once.
    const next = await post("after-the-fault");
    const made = await json<{ job: { id: string; status: string; credits: number } }>(next);
    expect(made.job.status).toBe("queued");
    expect(queued).toEqual([made.job.id]);
    expect(await balanceOf(database.db, ann.userId)).toBe(before - made.job.credits);
  });
});
