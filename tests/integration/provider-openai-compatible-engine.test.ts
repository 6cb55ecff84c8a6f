// The OpenAI provider on an OpenAI-compatible server (OPENAI_COMPATIBLE) through the whole engine,
// with credits, on both databases, against a local LocalAI-like server: a made image (opaque, on
// the key colour the engine asks for, then matted) is charged once; a forwarded refusal, a 5xx on
// every attempt, a timeout, a cancel, and answers that are not images each refund the image once.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { creditLedger, generationJobs, images } from "#server/db/schema";
import { createOpenAIProvider } from "#server/generation/providers/openai.server";
import { startFakeOpenAICompatible, type FakeOpenAICompatible } from "../fakes/openai-compatible-api";
import { testDatabases } from "../support/databases";
import { balanceOf, grantCredits, insertStyle, ledgerSum, runJob, submitObjects } from "../support/factories";
import { noQueue, signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

describe.each(testDatabases)("the engine with an openai-compatible server on $name", (target) => {
  let fake: FakeOpenAICompatible;
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let user: { cookie: string; userId: string };
  let styleId: string;
  const local = (timeoutMs = 5_000) =>
    createOpenAIProvider({ baseUrl: `${fake.url}/v1`, model: "stablediffusion", compatible: true, timeoutMs });

  beforeAll(async () => {
    fake = await startFakeOpenAICompatible();
    database = await target.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" }, { provider: local(), queue: noQueue });
    user = await signInThroughApi(server, "localai@example.com");
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
  const submit = () => submitObjects(server, user.cookie, { styleId, subjects: ["a lantern"], transparent: true });

  it("charges a made image once, its key colour matted out", async () => {
    const before = await balance();
    const { job } = await submit();
    expect(await runJob(server, job.id)).toMatchObject({ status: "succeeded", imagesMade: 1 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.fields.prompt).toMatch(/solid flat #[0-9A-F]{6}/i);
    expect(fake.requests[0]!.unknown).toEqual([]);
    const [stored] = await database.db.select().from(images).where(eq(images.jobId, job.id));
    expect(stored).toMatchObject({ provider: "openai", width: 1024, height: 1024 });
    expect(await ledgerOf(job.id)).toEqual([{ delta: -3, reason: "generation_reserve" }]);
    expect(await balance()).toBe(before - 3);
    expect(await ledgerSum(database.db, user.userId)).toBe(await balance());
  });

  /** A set of one that does not get made: the job's ledger lines, the balance as before, no image. */
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

  it("refunds an image the server refused (a forwarded moderation answer), once, without retrying it", async () => {
    fake.control.refusePrompt = "lantern";
    const row = await unmade((id) => runJob(server, id));
    expect(row.error).toMatch(/content policy/);
    expect(fake.requests).toHaveLength(1);
  });

  it("refunds an image the server failed with a 5xx on every attempt, once", async () => {
    fake.control.failAlways = "server_error";
    const row = await unmade((id) => runJob(server, id));
    expect(row.status).toBe("failed");
    expect(fake.requests).toHaveLength(2);
  });

  it("refunds an image whose answer stalled past the deadline on every attempt, once", async () => {
    fake.control.stall = true;
    const row = await unmade(async (id) => {
      await runJob(server, id, local(300));
      fake.control.stall = false;
    });
    expect(row.status).toBe("failed");
    await expect.poll(() => fake.stalls).toEqual({ started: 2, abandoned: 2 });
  });

  it("refunds an image cancelled while the server made it, once, the request dropped", async () => {
    fake.control.hold = true;
    const row = await unmade(async (id) => {
      const running = runJob(server, id);
      await expect.poll(() => fake.holds.started, { timeout: 5_000 }).toBe(1);
      const cancel = await server.call(`/api/jobs/${id}/cancel`, { method: "POST", cookie: user.cookie });
      expect(cancel.status).toBe(200);
      await running;
      fake.control.hold = false;
    });
    expect(row.status).toBe("canceled");
    await expect.poll(() => fake.holds.abandoned).toBe(1);
  });

  it.each([
    ["an HTML page instead of JSON", "html"],
    ["base64 that is not an image", "not_image"],
    ["an image link that is gone", "expired_url"],
    ["an image link on another host", "foreign_url"],
  ] as const)("fails and refunds an image answered with %s, once", async (_, answer) => {
    fake.control.answer = answer;
    const row = await unmade(async (id) => {
      await runJob(server, id);
      fake.control.answer = "as_asked";
    });
    expect(row.status).toBe("failed");
    expect(row.error).toMatch(/could not be generated/);
  });
});
