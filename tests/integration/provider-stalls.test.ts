// A provider that answers with headers and then stalls the body: the timeout bounds the
// whole call, a stalled job ends failed (refunded) within timeout × attempts, and one
// user's stalled jobs never hold every worker slot while another user's job waits.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { generationJobs } from "#server/db/schema";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import { createOpenAIProvider } from "#server/generation/providers/openai.server";
import {
  ProviderRetryableError,
  ProviderTimeoutError,
  type GenerateRequest,
  type ImageProvider,
} from "#server/generation/providers/provider";
import { generateWithRetries, longestBackoffMs } from "#server/generation/retry.server";
import { startWorker } from "#server/services.server";
import { startFakeOpenAI } from "../fakes/openai-images";
import { testDatabases } from "../support/databases";
import { balanceOf, createStyleThroughApi, ledgerSum, submitObjects } from "../support/factories";
import { startQueueOn, type StartedQueue } from "../support/job-queue";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

const TIMEOUT_MS = 3_000;
const ATTEMPTS = 2;
/** Room for the bookkeeping around the provider calls on a busy machine. */
const SLACK_MS = 2_500;

const request: GenerateRequest = {
  prompt: "Stalled anvil. Flat icons.",
  size: "square",
  detail: "draft",
  transparent: true,
  references: [],
  seed: 1,
  n: 1,
  palette: ["#f4a23c"],
};

/** The OpenAI provider on the fake; its `timeoutMs` is the SDK's own, which stops at the headers. */
const openaiOn = (fake: { url: string }, timeoutMs: number) =>
  createOpenAIProvider({ apiKey: "sk-test", baseUrl: `${fake.url}/v1`, model: "gpt-image-1.5", timeoutMs });

/** A provider whose every call does `generate`. */
const providerThat = (label: string, generate: ImageProvider["generate"]): ImageProvider => ({
  id: label.toLowerCase(),
  model: "m",
  label,
  capabilities: { ...createOfflineProvider().capabilities, maxReferences: 0, seed: false },
  generate,
});

describe("a provider that stalls the body after its headers", () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    fake.control.stallBody = { prompt: null };
  });
  afterAll(() => fake?.close());

  it("is abandoned by the OpenAI provider at the engine's deadline, body included", async () => {
    const provider = openaiOn(fake, 1_500);
    const started = Date.now();
    // Long enough that the request reaches the fake and its headers come back even on a busy machine.
    const called = generateWithRetries(provider, request, { maxAttempts: 1, timeoutMs: 1_500 }, async () => true);
    await expect(called).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_450);
    expect(Date.now() - started).toBeLessThan(1_500 + SLACK_MS);
    await vi.waitFor(() => expect(fake.stalls).toEqual({ started: 1, abandoned: 1 }));
  });

  it("is cut off by the engine's deadline even when a provider ignores the signal, then retried within the budget", async () => {
    let calls = 0;
    const deaf = providerThat("Deaf", () => {
      calls++;
      return new Promise(() => {});
    });
    const started = Date.now();
    const retried = generateWithRetries(
      deaf,
      request,
      { maxAttempts: 3, timeoutMs: 300, backoffMs: () => 10 },
      async () => true,
    );
    await expect(retried).rejects.toThrow(new ProviderTimeoutError(300));
    await expect(retried).rejects.toBeInstanceOf(ProviderRetryableError);
    expect(calls).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 300);
    expect(Date.now() - started).toBeLessThan(3 * 300 + SLACK_MS);
  });
});

describe("the engine's deadline", () => {
  it("treats a provider that throws before returning a promise like one that rejects", async () => {
    let calls = 0;
    const hasty = providerThat("Hasty", () => {
      calls++;
      throw new ProviderRetryableError("HTTP 503");
    });
    const retried = generateWithRetries(hasty, request, { maxAttempts: 2, backoffMs: () => 1 }, async () => true);
    await expect(retried).rejects.toThrow("HTTP 503");
    expect(calls).toBe(2);
  });
});

describe.each(testDatabases)("stalled jobs and fairness between users on $name", (target) => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let running: StartedQueue | undefined;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    database = await target.open();
    const env = {
      SIGNIN_LIMIT_PER_IP: "1000",
      PROVIDER_TIMEOUT_SECONDS: String(TIMEOUT_MS / 1000),
      PROVIDER_MAX_ATTEMPTS: String(ATTEMPTS),
      PROVIDER_CONCURRENCY: "4",
    };
    const provider = openaiOn(fake, TIMEOUT_MS);
    running = await startQueueOn(database);
    server = await startApiServer(database, env, { provider, queue: running.queue });
  });
  afterAll(async () => {
    await running?.stop();
    await server?.close();
    await database?.close();
    await fake?.close();
  });

  const jobsOf = (ids: string[]) => database.db.select().from(generationJobs).where(inArray(generationJobs.id, ids));
  const statusOf = async (id: string) =>
    (await database.db.select().from(generationJobs).where(eq(generationJobs.id, id)))[0]!.status;

  it("user A's stalled jobs hold only their share of the slots: B's job finishes at once, A's fail in time, refunded", async () => {
    const ann = await signInThroughApi(server, "stalled@example.com");
    const bob = await signInThroughApi(server, "patient@example.com");
    // Styles (and their samples) are made before the worker starts, at normal speed.
    const annStyle = await createStyleThroughApi(server, ann.cookie);
    const bobStyle = await createStyleThroughApi(server, bob.cookie);
    fake.control.stallBody = { prompt: "Stalled" };
    expect(server.config.generation).toMatchObject({ concurrency: 4, perUserConcurrency: 2 });
    await startWorker(server.services);

    // Four of A's jobs: enough to fill every slot of the worker.
    const annJobs: string[] = [];
    for (let i = 0; i < 4; i++) {
      const set = await submitObjects(server, ann.cookie, {
        styleId: annStyle.styleId,
        subjects: [`Stalled anvil ${i}`],
      });
      annJobs.push(set.job.id);
    }
    expect(await balanceOf(database.db, ann.userId)).toBe(100 - 12 - 4 * 3);
    await vi.waitFor(() => expect(fake.stalls.started).toBe(2), { timeout: 10_000, interval: 20 });

    // B's job starts in a free slot and finishes long before A's first attempts time out.
    const submitted = Date.now();
    const bobSet = await submitObjects(server, bob.cookie, { styleId: bobStyle.styleId, subjects: ["Teapot"] });
    await vi.waitFor(async () => expect(await statusOf(bobSet.job.id)).toBe("succeeded"), {
      timeout: 30_000,
      interval: 20,
    });
    const waited = Date.now() - submitted;
    expect(waited).toBeLessThan(TIMEOUT_MS);
    // Meanwhile only two of A's jobs ran; the other two waited for A's share to free up.
    expect(fake.stalls.started).toBe(2);
    expect((await jobsOf(annJobs)).filter((j) => j.status === "queued")).toHaveLength(2);
    expect(await balanceOf(database.db, bob.userId)).toBe(100 - 12 - 3);

    // A's jobs each fail after every attempt timed out, and are refunded in full: nothing was made.
    const perJobMs = TIMEOUT_MS * ATTEMPTS + longestBackoffMs(ATTEMPTS) + SLACK_MS;
    await vi.waitFor(async () => expect((await jobsOf(annJobs)).every((j) => j.status === "failed")).toBe(true), {
      timeout: 2 * perJobMs + 5_000,
      interval: 50,
    });
    for (const job of await jobsOf(annJobs)) {
      expect(job).toMatchObject({
        status: "failed",
        imagesMade: 0,
        refunded: true,
        refundedCredits: 3,
        error: "The image service is not answering right now. Please try again later.",
      });
      const ran = job.finishedAt!.getTime() - job.startedAt!.getTime();
      expect(ran).toBeGreaterThanOrEqual(TIMEOUT_MS * ATTEMPTS);
      expect(ran).toBeLessThan(perJobMs);
    }
    // Every stalled answer was abandoned by the client: no connection is left hanging.
    expect(fake.stalls.started).toBe(4 * ATTEMPTS);
    await vi.waitFor(() => expect(fake.stalls.abandoned).toBe(4 * ATTEMPTS));
    expect(await balanceOf(database.db, ann.userId)).toBe(100 - 12);
    expect(await ledgerSum(database.db, ann.userId)).toBe(100 - 12);
  }, 90_000);
});
