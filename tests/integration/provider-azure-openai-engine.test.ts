// The Azure OpenAI provider through the whole engine, with credits, on both databases, against a
// local Azure OpenAI: a made image is charged once; a content-filter refusal, a 5xx on every
// attempt, a timeout, a cancel, and answers that are not images each refund the image once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAzureOpenAIProvider } from "#server/generation/providers/azure-openai.server";
import { startFakeAzureOpenAI, type FakeAzureOpenAI } from "../fakes/azure-openai-api";
import { testDatabases } from "../support/databases";
import { runJob } from "../support/factories";
import { setUpProviderEngine } from "../support/provider-engine";

describe.each(testDatabases)("the engine with azure openai on $name", (target) => {
  let fake: FakeAzureOpenAI;
  const azure = (timeoutMs = 5_000) =>
    createAzureOpenAIProvider({ endpoint: fake.url, deployment: "motif-images", apiKey: fake.apiKey, timeoutMs });

  // The fake's hooks come first, so it is up when the engine's hooks build the provider.
  beforeAll(async () => {
    fake = await startFakeAzureOpenAI();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());
  const engine = setUpProviderEngine(target, {
    email: "azure@example.com",
    provider: () => azure(),
    transparent: true,
  });
  const { balance, imagesOf, expectChargedOnce, submit, unmade } = engine;

  it("charges a made image once, with real alpha from the deployment", async () => {
    const before = await balance();
    const { job } = await submit();
    expect(await runJob(engine.server, job.id)).toMatchObject({ status: "succeeded", imagesMade: 1 });
    expect(fake.requests.map((r) => [r.deployment, r.fields.background])).toEqual([["motif-images", "transparent"]]);
    const [stored] = await imagesOf(job.id);
    expect(stored).toMatchObject({ provider: "azure-openai", width: 1024, height: 1024 });
    await expectChargedOnce(job.id, before);
  });

  it("refunds an image the content filter refused, once, without retrying it", async () => {
    fake.control.refusePrompt = "lantern";
    const row = await unmade((id) => runJob(engine.server, id));
    expect(row.error).toMatch(/content policy/);
    expect(fake.requests).toHaveLength(1);
  });

  it("refunds an image Azure failed with a 5xx on every attempt, once", async () => {
    fake.control.failAlways = "server_error";
    const row = await unmade((id) => runJob(engine.server, id));
    expect(row.status).toBe("failed");
    expect(fake.requests).toHaveLength(2);
  });

  it("refunds an image whose answer stalled past the deadline on every attempt, once", async () => {
    fake.control.stall = true;
    const row = await unmade(async (id) => {
      await runJob(engine.server, id, azure(300));
      fake.control.stall = false;
    });
    expect(row.status).toBe("failed");
    await expect.poll(() => fake.stalls).toEqual({ started: 2, abandoned: 2 });
  });

  it("refunds an image cancelled while Azure made it, once, the request dropped", async () => {
    fake.control.hold = true;
    const row = await unmade(async (id) => {
      const running = runJob(engine.server, id);
      await expect.poll(() => fake.holds.started, { timeout: 5_000 }).toBe(1);
      const cancel = await engine.server.call(`/api/jobs/${id}/cancel`, { method: "POST", cookie: engine.user.cookie });
      expect(cancel.status).toBe(200);
      await running;
      fake.control.hold = false;
    });
    expect(row.status).toBe("canceled");
    await expect.poll(() => fake.holds.abandoned).toBe(1);
  });

  it.each([
    [
      "an HTML page instead of JSON",
      "html",
      /^The image service answered something that is not an Images API answer\.$/,
    ],
    ["base64 that is not an image", "not_image", /^The image service returned a file that is not an image\.$/],
    [
      "an image link that is gone",
      "expired_url",
      /^The image could not be downloaded \(HTTP 404\): the link has expired/,
    ],
  ] as const)("fails and refunds an image answered with %s, once, saying so", async (_, answer, said) => {
    fake.control.answer = answer;
    const row = await unmade(async (id) => {
      await runJob(engine.server, id);
      fake.control.answer = "b64_json";
    });
    expect(row.status).toBe("failed");
    expect(row.error).toMatch(said);
  });
});
