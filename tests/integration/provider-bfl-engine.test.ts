// The BFL provider through the whole engine, with credits, on each test database: a made image
// is charged once; one BFL refused, failed with a 5xx on every attempt, timed out, was cancelled
// or answered with something that is not the image is refunded exactly once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBflProvider, DEFAULT_BFL_MODEL } from "#server/generation/providers/bfl.server";
import { startFakeBfl, type FakeBfl } from "../fakes/bfl-api";
import { testDatabases } from "../support/databases";
import { runJob } from "../support/factories";
import { setUpProviderEngine } from "../support/provider-engine";

describe.each(testDatabases)("the engine with bfl on $name", (target) => {
  let fake: FakeBfl;
  const bfl = (timeoutMs = 5_000) =>
    createBflProvider({ key: fake.key, model: DEFAULT_BFL_MODEL, baseUrl: fake.url, timeoutMs, pollIntervalMs: 5 });

  // The fake's hooks come first, so it is up when the engine's hooks build the provider.
  beforeAll(async () => {
    fake = await startFakeBfl();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());
  const engine = setUpProviderEngine(target, { email: "bfl@example.com", provider: () => bfl() });
  const { balance, ledgerOf, imagesOf, jobRow, expectLedgerExact, expectChargedOnce, submit, unmade } = engine;

  it("charges a made image once", async () => {
    const before = await balance();
    const { job } = await submit();
    expect(await balance()).toBe(before - 3);
    expect(await runJob(engine.server, job.id)).toMatchObject({ status: "succeeded", imagesMade: 1 });

    expect(fake.tasks.map((t) => t.model)).toEqual(["flux-kontext-pro"]);
    const [stored] = await imagesOf(job.id);
    expect(stored).toMatchObject({ provider: "bfl", width: 1024, height: 1024 });
    await expectChargedOnce(job.id, before);
  });

  it("refunds an image BFL failed with a 5xx on every attempt, once", async () => {
    fake.control.failAlways = "server_error";
    const row = await unmade((id) => runJob(engine.server, id));
    expect(row.status).toBe("failed");
    expect(fake.calls.submit).toBe(2);
  });

  it("refunds an image that timed out, once", async () => {
    fake.control.stall = "poll";
    const row = await unmade(async (id) => {
      await runJob(engine.server, id, bfl(300));
      fake.control.stall = null;
    });
    expect(row.status).toBe("failed");
    expect(fake.tasks).toHaveLength(2);
  });

  it("refunds an image cancelled while BFL made it, once, and stops polling", async () => {
    fake.control.holdPending = true;
    const row = await unmade(async (id) => {
      const running = runJob(engine.server, id);
      await expect.poll(() => fake.polls.length, { timeout: 5_000 }).toBeGreaterThan(0);
      const cancel = await engine.server.call(`/api/jobs/${id}/cancel`, { method: "POST", cookie: engine.user.cookie });
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
    expect(await runJob(engine.server, job.id)).toMatchObject({ imagesMade: 0, refundedCredits: 3 });
    await runJob(engine.server, job.id);

    const row = await jobRow(job.id);
    expect(row.error).toMatch(/content policy/);
    expect(fake.tasks).toHaveLength(1);
    expect(await ledgerOf(job.id)).toEqual(
      expect.arrayContaining([
        { delta: -3, reason: "generation_reserve" },
        { delta: 3, reason: "generation_refund" },
      ]),
    );
    expect(await ledgerOf(job.id)).toHaveLength(2);
    expect(await balance()).toBe(before);
    await expectLedgerExact();
  });

  it.each([
    ["expired", /^The link to the finished image had expired or was refused \(HTTP 404\)/],
    ["html", /^The image service answered text\/html where the image was expected\.$/],
    ["not_an_image", /^The image service returned a file that is not an image\.$/],
  ] as const)("fails and refunds an image whose signed link answers %s, once, saying so", async (kind, said) => {
    fake.control.sample = kind;
    const row = await unmade((id) => runJob(engine.server, id));
    expect(row.status).toBe("failed");
    expect(row.error).toMatch(said);
    // Not worth another try: one task.
    expect(fake.tasks).toHaveLength(1);
  });
});
