// The Stability provider through the whole engine with credits, against a local Stability, on
// both databases: a made image charged once; a refusal, a 5xx on every attempt, a timeout, a
// cancel (which closes the request: Stability has no cancel) and an unexpected answer (not an
// image, an image that does not decode) each refunded exactly once; and a Creative Upscale whose
// result is gone (404) refunded once too.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { creditLedger, generationJobs, images } from "#server/db/schema";
import { createStabilityProvider } from "#server/generation/providers/stability.server";
import { startFakeStability, type FakeStability, type StabilityFailure } from "../fakes/stability-api";
import { testDatabases } from "../support/databases";
import { balanceOf, grantCredits, insertStyle, ledgerSum, runJob, submitObjects } from "../support/factories";
import { setUpSignedInApiWithModel } from "../support/signed-in-api";
import { noQueue, signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";
import { upscalesThroughApi } from "./ai-upscale-helpers";

describe.each(testDatabases)("the engine with stability on $name", (target) => {
  let fake: FakeStability;
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let user: { cookie: string; userId: string };
  let styleId: string;
  const stability = (timeoutMs = 5_000) =>
    createStabilityProvider({ apiKey: fake.apiKey, model: "core", baseUrl: fake.url, timeoutMs, pollIntervalMs: 5 });

  beforeAll(async () => {
    fake = await startFakeStability();
    database = await target.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" }, { provider: stability(), queue: noQueue });
    user = await signInThroughApi(server, "stability@example.com");
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

  it("charges a made image once", async () => {
    const before = await balance();
    const { job } = await submitObjects(server, user.cookie, { styleId, subjects: ["a lantern"], transparent: false });
    expect(await balance()).toBe(before - 3);
    expect(await runJob(server, job.id)).toMatchObject({ status: "succeeded", imagesMade: 1 });

    expect(fake.requests.map((r) => r.endpoint)).toEqual(["generate/core"]);
    const [stored] = await database.db.select().from(images).where(eq(images.jobId, job.id));
    expect(stored).toMatchObject({ provider: "stability", width: 1024, height: 1024 });
    expect(await ledgerOf(job.id)).toEqual([{ delta: -3, reason: "generation_reserve" }]);
    expect(await balance()).toBe(before - 3);
    expect(await ledgerSum(database.db, user.userId)).toBe(await balance());
  });

  /** A set of one that does not get made: the job's ledger lines, the balance as before, no image. */
  async function unmade(run: (jobId: string) => Promise<unknown>) {
    const before = await balance();
    const { job } = await submitObjects(server, user.cookie, { styleId, subjects: ["a lantern"], transparent: false });
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

  it("refunds an image Stability refused (403 content_moderation), once, even when run again", async () => {
    fake.control.failAlways = "moderation";
    const row = await unmade((id) => runJob(server, id));
    expect(row.error).toMatch(/content policy/);
    expect(fake.calls.image).toBe(1);
  });

  it("refunds an image Stability failed with a 5xx on every attempt, once", async () => {
    fake.control.failAlways = "server_error";
    const row = await unmade((id) => runJob(server, id));
    expect(row.status).toBe("failed");
    expect(fake.calls.image).toBe(2);
  });

  it("refunds an image that timed out, once", async () => {
    fake.control.stall = "image";
    const row = await unmade(async (id) => {
      await runJob(server, id, stability(300));
      fake.control.stall = null;
    });
    expect(row.status).toBe("failed");
    expect(row.error).toMatch(/not answering right now/);
    await expect.poll(() => fake.stalls.abandoned).toBe(2);
  });

  it("refunds an image cancelled while Stability made it, once, its request closed", async () => {
    fake.control.hold = true;
    const row = await unmade(async (id) => {
      const running = runJob(server, id);
      await expect.poll(() => fake.requests.length, { timeout: 5_000 }).toBe(1);
      const cancel = await server.call(`/api/jobs/${id}/cancel`, { method: "POST", cookie: user.cookie });
      expect(cancel.status).toBe(200);
      await running;
    });
    expect(row.status).toBe("canceled");
    await expect.poll(() => fake.abandoned).toEqual(["generate/core"]);
  });

  // The provider's own sentence ("answered text/html, not an image") is the operator's (see
  // provider-stability.test.ts); the person sees the engine's plain one. Neither is retried.
  it.each(["wrong_type", "not_an_image"] as StabilityFailure[])(
    "fails an unexpected answer (%s) plainly, not retried, refunded once",
    async (kind) => {
      fake.control.failAlways = kind;
      const row = await unmade((id) => runJob(server, id));
      expect(row.status).toBe("failed");
      expect(row.error).toBe("The images could not be generated. Please try again.");
      expect(fake.calls.image).toBe(1);
    },
  );
});

describe.each(testDatabases)("AI upscale on stability (Creative Upscale), on $name", (target) => {
  let fake: FakeStability;
  beforeAll(async () => {
    fake = await startFakeStability();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  const stability = () =>
    createStabilityProvider({
      apiKey: fake.apiKey,
      model: "core",
      upscaler: "creative",
      baseUrl: fake.url,
      timeoutMs: 5_000,
      pollIntervalMs: 5,
    });
  const api = setUpSignedInApiWithModel(target, "ann-stability-upscale@example.com", () => stability());
  const upscales = upscalesThroughApi(api);

  it("fails an upscale whose result is gone (404) plainly, not retried, refunded once", async () => {
    const object = await upscales.transparentObject();
    fake.control.failAlways = "expired";
    const row = await upscales.failedUpscale(object, (id) => runJob(api.server, id, stability()));
    expect(row).toMatchObject({ status: "failed", error: "The images could not be generated. Please try again." });
    // Not retried: a result that is gone stays gone.
    expect(fake.calls.results).toBe(1);
    expect(fake.requests.map((r) => r.endpoint)).toEqual(["upscale/creative"]);
  });

  it("upscales ×4 through the engine, paid once", async () => {
    const object = await upscales.transparentObject();
    const before = await upscales.balance();
    const job = await upscales.submitUpscale(object, { factor: 4, model: "stability" });
    expect((await runJob(api.server, job.id, stability()))?.status).toBe("succeeded");
    await upscales.madeImage(object, job, before, 4);
  });
});
