// The BFL provider through the whole engine, with credits, on each test database: a made image
// is charged once; one BFL refused, failed with a 5xx on every attempt, timed out, was cancelled
// or answered with something that is not the image is refunded exactly once.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { creditLedger, generationJobs, images } from "#server/db/schema";
import { createBflProvider, DEFAULT_BFL_MODEL } from "#server/generation/providers/bfl.server";
import { startFakeBfl, type FakeBfl } from "../fakes/bfl-api";
import { testDatabases } from "../support/databases";
import { balanceOf, grantCredits, insertStyle, ledgerSum, runJob, submitObjects } from "../support/factories";
import { noQueue, signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

describe.each(testDatabases)("the engine with bfl on $name", (target) => {
  let fake: FakeBfl;
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let user: { cookie: string; userId: string };
  let styleId: string;
  const bfl = (timeoutMs = 5_000) =>
    createBflProvider({ key: fake.key, model: DEFAULT_BFL_MODEL, baseUrl: fake.url, timeoutMs, pollIntervalMs: 5 });

  beforeAll(async () => {
    fake = await startFakeBfl();
    database = await target.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" }, { provider: bfl(), queue: noQueue });
    user = await signInThroughApi(server, "bfl@example.com");
    await grantCredits(database.db, user.userId, 1000);
    styleId = await insertStyle(database.db, { ownerId: user.userId });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const balance = () => balanceOf(database.db, user.userId);
  const ledgerOf = (jobId: string) =>
    database.db
      .select({ delta: creditLedger.delta, reason: creditLedger.reason })
      .from(creditLedger)
      .where(and(eq(creditLedger.workspaceId, user.userId), eq(creditLedger.ref, jobId)));
  const submit = () => submitObjects(server, user.cookie, { styleId, subjects: ["a lantern"], transparent: false });

  it("charges a made image once", async () => {
    const before = await balance();
    const { job } = await submit();
    expect(await balance()).toBe(before - 3);
    expect(await runJob(server, job.id)).toMatchObject({ status: "succeeded", imagesMade: 1 });

    expect(fake.tasks.map((t) => t.model)).toEqual(["flux-kontext-pro"]);
    const [stored] = await database.db.select().from(images).where(eq(images.jobId, job.id));
    expect(stored).toMatchObject({ provider: "bfl", width: 1024, height: 1024 });
    expect(await ledgerOf(job.id)).toEqual([{ delta: -3, reason: "generation_reserve" }]);
    expect(await balance()).toBe(before - 3);
    expect(await ledgerSum(database.db, user.userId)).toBe(await balance());
  });

  /** A set of one that does not get made: its job row, after checking the ledger and balance are as before. */
  async function unmade(run: (jobId: string) => Promise<unknown>) {
    const before = await balance();
    const { job } = await submit();
    await run(job.id);
    await runJob(server, job.id);
    const [row] = await database.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
    expect(await ledgerOf(job.id)).toEqual([
      { delta: -3, reason: "generation_reserve" },
      { delta: 3, reason: "generation_refund" },
    ]);
    expect(await balance()).toBe(before);
    expect(await ledgerSum(database.db, user.userId)).toBe(await balance());
    expect(await database.db.select().from(images).where(eq(images.jobId, job.id))).toEqual([]);
    return row!;
  }

  it("refunds an image BFL failed with a 5xx on every attempt, once", async () => {
    fake.control.failAlways = "server_error";
    const row = await unmade((id) => runJob(server, id));
    expect(row.status).toBe("failed");
    expect(fake.calls.submit).toBe(2);
  });

  it("refunds an image that timed out, once", async () => {
    fake.control.stall = "poll";
    const row = await unmade(async (id) => {
      await runJob(server, id, bfl(300));
      fake.control.stall = null;
    });
    expect(row.status).toBe("failed");
    expect(fake.tasks).toHaveLength(2);
  });

  it("refunds an image cancelled while BFL made it, once, and stops polling", async () => {
    fake.control.holdPending = true;
    const row = await unmade(async (id) => {
      const running = runJob(server, id);
      await expect.poll(() => fake.polls.length, { timeout: 5_000 }).toBeGreaterThan(0);
      const cancel = await server.call(`/api/jobs/${id}/cancel`, { method: "POST", cookie: user.cookie });
      expect(cancel.status).toBe(200);
      await running;
    });
    expect(row.status).toBe("canceled");
    expect(fake.tasks).toHaveLength(1);
    // A poll already on its way when the wait stopped may still arrive; none is sent after it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const polled = fake.polls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.polls.length).toBe(polled);
  });

  it("refunds an image BFL moderated, once, even when the job is run again", async () => {
    fake.control.failAlways = "content_moderated";
    const before = await balance();
    const { job } = await submit();
    expect(await runJob(server, job.id)).toMatchObject({ imagesMade: 0, refundedCredits: 3 });
    await runJob(server, job.id);

    const [row] = await database.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
    expect(row!.error).toMatch(/content policy/);
    expect(fake.tasks).toHaveLength(1);
    expect(await ledgerOf(job.id)).toEqual(
      expect.arrayContaining([
        { delta: -3, reason: "generation_reserve" },
        { delta: 3, reason: "generation_refund" },
      ]),
    );
    expect(await ledgerOf(job.id)).toHaveLength(2);
    expect(await balance()).toBe(before);
    expect(await ledgerSum(database.db, user.userId)).toBe(await balance());
  });

  it.each(["expired", "html", "not_an_image"] as const)(
    "fails and refunds an image whose signed link answers %s, once",
    async (kind) => {
      fake.control.sample = kind;
      const row = await unmade((id) => runJob(server, id));
      expect(row.status).toBe("failed");
      expect(row.error).toBeTruthy();
      // Not worth another try: one task.
      expect(fake.tasks).toHaveLength(1);
    },
  );
});
