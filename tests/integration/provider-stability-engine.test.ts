// The Stability provider through the whole engine with credits, against a local Stability, on
// both databases: a made image charged once; a refusal, a 5xx on every attempt, a timeout, a
// cancel (which closes the request: Stability has no cancel) and an unexpected answer (not an
// image, an image that does not decode) each refunded exactly once; an unexpected answer for one
// image of three fails that one alone, saying why; and a Creative Upscale whose result is gone
// (404) refunded once too.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStabilityProvider } from "#server/generation/providers/stability.server";
import { startFakeStability, type FakeStability, type StabilityFailure } from "../fakes/stability-api";
import { testDatabases } from "../support/databases";
import { runJob } from "../support/factories";
import { setUpProviderEngine } from "../support/provider-engine";
import { setUpSignedInApiWithModel } from "../support/signed-in-api";
import { upscalesThroughApi } from "./ai-upscale-helpers";

describe.each(testDatabases)("the engine with stability on $name", (target) => {
  let fake: FakeStability;
  const stability = (timeoutMs = 5_000) =>
    createStabilityProvider({ apiKey: fake.apiKey, model: "core", baseUrl: fake.url, timeoutMs, pollIntervalMs: 5 });

  // The fake's hooks come first, so it is up when the engine's hooks build the provider.
  beforeAll(async () => {
    fake = await startFakeStability();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());
  const engine = setUpProviderEngine(target, { email: "stability@example.com", provider: () => stability() });
  const { balance, ledgerOf, imagesOf, expectLedgerExact, expectChargedOnce, submit, unmade } = engine;

  it("charges a made image once", async () => {
    const before = await balance();
    const { job } = await submit();
    expect(await balance()).toBe(before - 3);
    expect(await runJob(engine.server, job.id)).toMatchObject({ status: "succeeded", imagesMade: 1 });

    expect(fake.requests.map((r) => r.endpoint)).toEqual(["generate/core"]);
    const [stored] = await imagesOf(job.id);
    expect(stored).toMatchObject({ provider: "stability", width: 1024, height: 1024 });
    await expectChargedOnce(job.id, before);
  });

  it("refunds an image Stability refused (403 content_moderation), once, even when run again", async () => {
    fake.control.failAlways = "moderation";
    const row = await unmade((id) => runJob(engine.server, id));
    expect(row.error).toMatch(/content policy/);
    expect(fake.calls.image).toBe(1);
  });

  it("refunds an image Stability failed with a 5xx on every attempt, once", async () => {
    fake.control.failAlways = "server_error";
    const row = await unmade((id) => runJob(engine.server, id));
    expect(row.status).toBe("failed");
    expect(fake.calls.image).toBe(2);
  });

  it("refunds an image that timed out, once", async () => {
    fake.control.stall = "image";
    const row = await unmade(async (id) => {
      await runJob(engine.server, id, stability(300));
      fake.control.stall = null;
    });
    expect(row.status).toBe("failed");
    expect(row.error).toMatch(/not answering right now/);
    await expect.poll(() => fake.stalls.abandoned).toBe(2);
  });

  it("refunds an image cancelled while Stability made it, once, its request closed", async () => {
    fake.control.hold = true;
    const row = await unmade(async (id) => {
      const running = runJob(engine.server, id);
      await expect.poll(() => fake.requests.length, { timeout: 5_000 }).toBe(1);
      const cancel = await engine.server.call(`/api/jobs/${id}/cancel`, { method: "POST", cookie: engine.user.cookie });
      expect(cancel.status).toBe(200);
      await running;
    });
    expect(row.status).toBe("canceled");
    await expect.poll(() => fake.abandoned).toEqual(["generate/core"]);
  });

  // The provider's sentence says what came back; neither is retried (the same answer would come).
  const unexpected: [StabilityFailure, string][] = [
    ["wrong_type", "The image service answered text/html, not an image."],
    ["not_an_image", "The image service returned a file that is not an image."],
  ];
  it.each(unexpected)(
    "fails an unexpected answer (%s) saying what came back, not retried, refunded once",
    async (kind, said) => {
      fake.control.failAlways = kind;
      const row = await unmade((id) => runJob(engine.server, id));
      expect(row).toMatchObject({ status: "failed", error: said });
      expect(fake.calls.image).toBe(1);
    },
  );

  it.each(unexpected)(
    "fails only the image answered with %s: the others are made, its credits refunded once, the job says why",
    async (kind, said) => {
      const before = await balance();
      const { job } = await submit(["a lantern", "a kettle", "a compass"]);
      expect(await balance()).toBe(before - 9);
      fake.control.failNext = { kind, count: 1 };
      const ended = await runJob(engine.server, job.id);
      expect(ended).toMatchObject({ status: "succeeded", imagesMade: 2, refunded: true, refundedCredits: 3 });
      expect(ended!.error).toBe(`1 of 3 images could not be made and 3 credits were refunded. ${said}`);
      expect(fake.calls.image).toBe(3);
      expect((await imagesOf(job.id)).map((image) => image.subject).sort()).toEqual(["a compass", "a kettle"]);
      // Run again, as a worker retrying would: nothing more is made, and the refund stays one.
      expect(await runJob(engine.server, job.id)).toBeNull();
      expect(await ledgerOf(job.id)).toEqual([
        { delta: -9, reason: "generation_reserve" },
        { delta: 3, reason: "generation_refund" },
      ]);
      expect(await balance()).toBe(before - 6);
      await expectLedgerExact();
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
      // Not what these tests check: a ×4 result, made and sent by the fake on a busy machine, can
      // take several seconds from upload to download.
      timeoutMs: 30_000,
      pollIntervalMs: 5,
    });
  const api = setUpSignedInApiWithModel(target, "ann-stability-upscale@example.com", () => stability());
  const upscales = upscalesThroughApi(api);

  it("fails an upscale whose result is gone (404) plainly, not retried, refunded once", async () => {
    const object = await upscales.transparentObject();
    fake.control.failAlways = "expired";
    const row = await upscales.failedUpscale(object, (id) => runJob(api.server, id, stability()));
    expect(row).toMatchObject({
      status: "failed",
      error: "The result at the image service is gone (HTTP 404): it expired or was never made.",
    });
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
