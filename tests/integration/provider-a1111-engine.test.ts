// The Stable Diffusion WebUI provider through the whole engine, with credits: a made image is
// charged once; a 5xx on every attempt, a timeout, a cancel (reaching the WebUI as an interrupt)
// and an answer no WebUI gives are each refunded once. The WebUI has no moderation, so there is
// no refusal to test.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createA1111Provider } from "#server/generation/providers/a1111.server";
import type { GenerateRequest } from "#server/generation/providers/provider";
import { startFakeA1111, type FakeA1111 } from "../fakes/a1111-api";
import { testDatabases } from "../support/databases";
import { runJob } from "../support/factories";
import { setUpProviderEngine } from "../support/provider-engine";

const request: GenerateRequest = {
  prompt: "a lantern",
  size: "square",
  detail: "draft",
  transparent: false,
  references: [],
  seed: 1,
  n: 1,
  palette: [],
};

describe.each(testDatabases)("the engine with a1111 on $name", (target) => {
  let fake: FakeA1111;
  const provider = (timeoutMs = 5_000) => createA1111Provider({ baseUrl: fake.url, timeoutMs, progressIntervalMs: 5 });

  // The fake's hooks come first, so it is up when the engine's hooks build the provider.
  beforeAll(async () => {
    fake = await startFakeA1111();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());
  const engine = setUpProviderEngine(target, { email: "a1111@example.com", provider: () => provider() });
  const { balance, imagesOf, expectChargedOnce, submit, unmade } = engine;

  it("charges a made image once", async () => {
    const before = await balance();
    const { job } = await submit();
    expect(await balance()).toBe(before - 3);
    expect(await runJob(engine.server, job.id)).toMatchObject({ status: "succeeded", imagesMade: 1 });

    expect(fake.runs.map((r) => [r.path, r.outcome])).toEqual([["/sdapi/v1/txt2img", "finished"]]);
    const [stored] = await imagesOf(job.id);
    expect(stored).toMatchObject({ provider: "a1111", width: 1024, height: 1024 });
    await expectChargedOnce(job.id, before);
  });

  it("refunds an image the WebUI failed with a 500 on every attempt, once", async () => {
    fake.control.failAlways = "server_error";
    const row = await unmade((id) => runJob(engine.server, id));
    expect(row.status).toBe("failed");
    expect(fake.runs).toHaveLength(2);
  });

  it("refunds an image that timed out, once, each attempt interrupted on the WebUI", async () => {
    fake.control.stall = true;
    const row = await unmade(async (id) => {
      await runJob(engine.server, id, provider(300));
      fake.control.stall = false;
    });
    expect(row.status).toBe("failed");
    expect(fake.runs).toHaveLength(2);
    await expect.poll(() => fake.interrupts.length).toBe(2);
  });

  it("refunds an image cancelled mid-run, once, the WebUI interrupted and its half-made image not kept", async () => {
    fake.control.hold = true;
    const row = await unmade(async (id) => {
      const running = runJob(engine.server, id);
      await expect.poll(() => fake.progress().sampling_step, { timeout: 5_000 }).toBeGreaterThan(0);
      const cancel = await engine.server.call(`/api/jobs/${id}/cancel`, { method: "POST", cookie: engine.user.cookie });
      expect(cancel.status).toBe(200);
      await running;
    });
    expect(row.status).toBe("canceled");
    await expect.poll(() => fake.interrupts.length).toBe(1);
    await expect.poll(() => fake.runs[0]!.outcome).toBe("interrupted");
  });

  // An answer that is not an image is said as it is; one that shows A1111_URL is wrong (a page, no
  // API) names the setting, which is the operator's to fix: users see the plain sentence.
  const generic = "The images could not be generated. Please try again.";
  it.each([
    ["html", /instead of JSON/, generic],
    ["bad-image", /not an image/, "The WebUI returned a file that is not an image."],
    ["not-found", /no API at this address/, generic],
  ] as const)(
    "refunds an image the WebUI answered wrongly (%s), once, not retrying it",
    async (kind, message, said) => {
      fake.control.unexpected = kind;
      await expect(provider().generate(request)).rejects.toThrow(message);
      fake.reset();
      fake.control.unexpected = kind;
      const row = await unmade((id) => runJob(engine.server, id));
      expect(row.status).toBe("failed");
      expect(row.error).toBe(said);
      expect(fake.runs).toHaveLength(1);
    },
  );
});
