// The fal provider with fal's own client, against a local fal speaking its wire format:
// storage uploads, the queue (submit, status, result, cancel) and the CDN; then through
// the whole engine, where a refusal is refunded once and a success charged once.
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { creditLedger, generationJobs, images } from "#server/db/schema";
import { downloadImage } from "#server/generation/providers/fal-http.server";
import { createFalProvider, DEFAULT_FAL_MODEL, falEndpoints } from "#server/generation/providers/fal.server";
import {
  ProviderError,
  ProviderRefusalError,
  ProviderRetryableError,
  ProviderTimeoutError,
  type GenerateProgress,
  type GenerateRequest,
} from "#server/generation/providers/provider";
import { generateWithRetries } from "#server/generation/retry.server";
import { startFakeFal, type FakeFal } from "../fakes/fal-api";
import { sha256 } from "../fakes/recording-provider";
import { testDatabases } from "../support/databases";
import { balanceOf, grantCredits, insertStyle, ledgerSum, runJob, submitObjects } from "../support/factories";
import { noQueue, signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

const baseRequest: GenerateRequest = {
  prompt: "a treasure chest. Flat icon style.",
  size: "square",
  detail: "standard",
  transparent: false,
  references: [],
  seed: 42,
  n: 1,
  palette: ["#f4a23c", "#2a9d8f"],
};

const reference = (background: string) =>
  sharp({ create: { width: 48, height: 48, channels: 3, background } })
    .png()
    .toBuffer();

describe("fal provider against a local fal", () => {
  let fake: FakeFal;
  const provider = (overrides: { key?: string; model?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
    createFalProvider({
      key: overrides.key ?? fake.key,
      model: overrides.model ?? DEFAULT_FAL_MODEL,
      baseUrl: overrides.baseUrl ?? fake.url,
      timeoutMs: overrides.timeoutMs ?? 5_000,
      pollIntervalMs: 5,
    });

  beforeAll(async () => {
    fake = await startFakeFal();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  it("uploads the references to fal's storage, passes their URLs to the multi endpoint, and returns a PNG", async () => {
    const refs = await Promise.all(["#e76f51", "#2a9d8f", "#264653", "#8e5cf7", "#3a86ff", "#f4a23c"].map(reference));
    const result = await provider().generate({
      ...baseRequest,
      size: "portrait",
      references: refs.map((data) => ({ data, mimeType: "image/png" as const })),
    });

    // Four references at most, each uploaded once, to expire from fal's storage.
    expect(fake.uploads).toHaveLength(4);
    expect(fake.uploads.map((u) => u.sha256).sort()).toEqual(refs.slice(0, 4).map(sha256).sort());
    for (const upload of fake.uploads) {
      expect(upload.contentType).toBe("image/png");
      expect(JSON.parse(upload.lifecycle!)).toEqual({ expiration_duration_seconds: 3600 });
    }
    expect(fake.submissions).toHaveLength(1);
    const [submission] = fake.submissions;
    expect(submission!.model).toBe("fal-ai/flux-pro/kontext/max/multi");
    expect(submission!.input).toMatchObject({
      prompt: baseRequest.prompt,
      aspect_ratio: "2:3",
      seed: 42,
      num_images: 1,
      output_format: "png",
    });
    expect(submission!.input.image_urls).toHaveLength(4);
    expect(submission!.uploadedReferences).toBe(4);
    expect(JSON.parse(submission!.headers.lifecycle!)).toEqual({ expiration_duration_seconds: 3600 });
    // fal drops the request if it has not started when Motif would stop waiting.
    expect(submission!.headers.timeout).toBe("5");

    expect(result.images).toHaveLength(1);
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(["png", 832, 1248, false]);
  });

  it("uploads a reference once for all the images it is sent with", async () => {
    const fal = provider();
    const [amber, teal] = await Promise.all(["#f4a23c", "#2a9d8f"].map(reference));
    await fal.generate({ ...baseRequest, references: [{ data: amber!, mimeType: "image/png" }] });
    await fal.generate({ ...baseRequest, references: [{ data: amber!, mimeType: "image/png" }] });
    expect(fake.uploads).toHaveLength(1);
    expect(fake.submissions[1]!.input.image_urls).toEqual(fake.submissions[0]!.input.image_urls);

    await fal.generate({
      ...baseRequest,
      references: [
        { data: teal!, mimeType: "image/png" },
        { data: amber!, mimeType: "image/png" },
      ],
    });
    expect(fake.uploads.map((u) => u.sha256)).toEqual([sha256(amber!), sha256(teal!)]);
    expect(fake.submissions[2]!.uploadedReferences).toBe(2);
  });

  it("asks the text-to-image endpoint without references, and the [pro] tier for drafts", async () => {
    await provider().generate({ ...baseRequest, detail: "high" });
    await provider().generate({ ...baseRequest, detail: "draft" });
    await provider().generate({
      ...baseRequest,
      detail: "draft",
      references: [{ data: await reference("#e76f51"), mimeType: "image/png" }],
    });
    expect(fake.submissions.map((s) => s.model)).toEqual([
      "fal-ai/flux-pro/kontext/max/text-to-image",
      "fal-ai/flux-pro/kontext/text-to-image",
      "fal-ai/flux-pro/kontext/multi",
    ]);
    expect(fake.submissions[0]!.input).not.toHaveProperty("image_urls");
    expect(provider().capabilities.detail).toEqual({
      draft: "FLUX.1 Kontext [pro]",
      standard: "FLUX.1 Kontext [max]",
      high: "FLUX.1 Kontext [max]",
    });
    expect(falEndpoints("fal-ai/flux-pro/kontext/multi").withReferences.high).toBe("fal-ai/flux-pro/kontext/multi");
  });

  it("maps each size to its aspect ratio and gets an image of that shape", async () => {
    for (const [size, ratio, w, h] of [
      ["square", "1:1", 1, 1],
      ["portrait", "2:3", 2, 3],
      ["landscape", "3:2", 3, 2],
    ] as const) {
      const [image] = (await provider().generate({ ...baseRequest, size })).images;
      expect(fake.submissions.at(-1)!.input.aspect_ratio).toBe(ratio);
      const meta = await sharp(image!.data).metadata();
      expect(meta.width! / meta.height!).toBeCloseTo(w / h, 1);
    }
  });

  it("turns a JPEG answer into a PNG", async () => {
    fake.control.forceJpeg = true;
    const [image] = (await provider().generate(baseRequest)).images;
    expect(image!.format).toBe("png");
    expect((await sharp(image!.data).metadata()).format).toBe("png");
  });

  it("reports progress from the queue and the runner's logged steps, ending done", async () => {
    Object.assign(fake.control, { pollsQueued: 2, pollsInProgress: 3 });
    const reports: GenerateProgress[] = [];
    await provider().generate({ ...baseRequest, onProgress: (p) => reports.push(p) });
    // Queued (0), then 1/4, 2/4, 3/4 of the sampler's steps, then done.
    expect(reports).toEqual([
      { step: 0, steps: 100 },
      { step: 25, steps: 100 },
      { step: 50, steps: 100 },
      { step: 75, steps: 100 },
      { step: 100, steps: 100 },
    ]);
  });

  it("maps an image fal's safety checker flagged to a refusal", async () => {
    fake.control.nsfw = true;
    await expect(provider().generate(baseRequest)).rejects.toBeInstanceOf(ProviderRefusalError);
  });

  it("maps a request that failed on fal's content policy (422) to a refusal", async () => {
    fake.control.failAlways = "content_policy";
    await expect(provider().generate(baseRequest)).rejects.toBeInstanceOf(ProviderRefusalError);
    expect(fake.submissions).toHaveLength(1);
  });

  it("retries a rate limit through the job runner's retries, and then succeeds", async () => {
    fake.control.failNext = { kind: "rate_limit", count: 1 };
    const result = await generateWithRetries(
      provider(),
      baseRequest,
      { maxAttempts: 2, timeoutMs: 5_000, backoffMs: () => 1 },
      async () => true,
    );
    expect(result?.images).toHaveLength(1);
    expect(fake.calls.submit).toBe(2);
  });

  it.each(["rate_limit", "server_error"] as const)(
    "maps %s at submission to a retryable error, calling once (no client retries)",
    async (kind) => {
      fake.control.failAlways = kind;
      const error = await provider()
        .generate(baseRequest)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderRetryableError);
      expect((error as Error).message).toMatch(kind === "rate_limit" ? /HTTP 429/ : /HTTP 500/);
      expect(fake.calls.submit).toBe(1);
    },
  );

  it("maps a request that failed on fal's runner to a retryable error", async () => {
    fake.control.failAlways = "runner_error";
    await expect(provider().generate(baseRequest)).rejects.toBeInstanceOf(ProviderRetryableError);
  });

  it("gives up at the deadline when fal stalls, and cancels the request on fal's queue", async () => {
    fake.control.stall = "status";
    const started = Date.now();
    await expect(provider({ timeoutMs: 300 }).generate(baseRequest)).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect.poll(() => fake.stalls.abandoned).toBeGreaterThan(0);
    await expect.poll(() => fake.cancels).toEqual([fake.submissions[0]!.requestId]);
  });

  it("gives up at the deadline when an output image stalls", async () => {
    fake.control.stall = "file";
    await expect(provider({ timeoutMs: 500 }).generate(baseRequest)).rejects.toBeInstanceOf(ProviderTimeoutError);
    await expect.poll(() => fake.stalls.abandoned).toBeGreaterThan(0);
  });

  it("cancels the request on fal's queue when the signal aborts mid-job, and stops at once", async () => {
    fake.control.holdInProgress = true;
    const controller = new AbortController();
    let abortedAt = 0;
    const call = provider().generate({
      ...baseRequest,
      signal: controller.signal,
      onProgress: (p) => {
        // Once the runner has logged a step, the user cancels.
        if (p.step > 0 && !abortedAt) {
          abortedAt = Date.now();
          controller.abort();
        }
      },
    });
    await expect(call).rejects.toBeInstanceOf(ProviderRetryableError);
    expect(abortedAt).toBeGreaterThan(0);
    expect(Date.now() - abortedAt).toBeLessThan(500);
    await expect.poll(() => fake.cancels).toEqual([fake.submissions[0]!.requestId]);
  });

  it("maps a bad key to a plain provider error, submitting nothing", async () => {
    const error = await provider({ key: "wrong:key" })
      .generate(baseRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).not.toBeInstanceOf(ProviderRetryableError);
    expect((error as Error).message).toMatch(/HTTP 401.*No user found/);
    expect(fake.submissions).toHaveLength(0);
  });

  it("checks the connection with fal's price list, naming the variable to fix", async () => {
    const probe = await provider().checkConnection!(AbortSignal.timeout(2_000));
    expect(probe).toEqual({
      modelAvailable: true,
      message: `Connected to ${new URL(fake.url).host}: the key works and fal-ai/flux-pro/kontext/max/multi is available (0.08 USD per image).`,
    });
    expect(fake.pricingCalls[0]).toEqual(
      expect.arrayContaining(["fal-ai/flux-pro/kontext/max/multi", "fal-ai/flux-pro/kontext/max/text-to-image"]),
    );
    expect(fake.submissions).toHaveLength(0);

    const unknown = await provider({ model: "fal-ai/no-such-model" }).checkConnection!(AbortSignal.timeout(2_000));
    expect(unknown.modelAvailable).toBe(false);
    expect(unknown.message).toMatch(/FAL_MODEL/);
    await expect(provider({ key: "wrong:key" }).checkConnection!(AbortSignal.timeout(2_000))).rejects.toThrow(
      /FAL_KEY/,
    );
    await expect(
      provider({ baseUrl: "http://127.0.0.1:9" }).checkConnection!(AbortSignal.timeout(2_000)),
    ).rejects.toThrow(/FAL_BASE_URL/);
  });

  it("downloads output images over http(s) only", async () => {
    await expect(downloadImage("file:///etc/passwd", AbortSignal.timeout(1_000))).rejects.toBeInstanceOf(ProviderError);
  });
});

describe.each(testDatabases)("the engine with fal on $name", (target) => {
  let fake: FakeFal;
  let database: DatabaseHandle;
  let server: ApiTestServer;
  let user: { cookie: string; userId: string };
  let styleId: string;

  beforeAll(async () => {
    fake = await startFakeFal();
    const provider = createFalProvider({
      key: fake.key,
      model: DEFAULT_FAL_MODEL,
      baseUrl: fake.url,
      timeoutMs: 5_000,
      pollIntervalMs: 5,
    });
    database = await target.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" }, { provider, queue: noQueue });
    user = await signInThroughApi(server, "fal@example.com");
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

    expect(fake.submissions.map((s) => s.model)).toEqual(["fal-ai/flux-pro/kontext/text-to-image"]);
    const [stored] = await database.db.select().from(images).where(eq(images.jobId, job.id));
    expect(stored).toMatchObject({ provider: "fal", width: 1024, height: 1024 });
    expect(await ledgerOf(job.id)).toEqual([{ delta: -3, reason: "generation_reserve" }]);
    expect(await balance()).toBe(before - 3);
    expect(await ledgerSum(database.db, user.userId)).toBe(await balance());
  });

  it("refunds an image fal refused, once, even when the job is run again", async () => {
    fake.control.nsfw = true;
    const before = await balance();
    const { job } = await submitObjects(server, user.cookie, { styleId, subjects: ["a lantern"], transparent: false });
    expect(await runJob(server, job.id)).toMatchObject({ imagesMade: 0, refundedCredits: 3 });
    await runJob(server, job.id);

    const [row] = await database.db.select().from(generationJobs).where(eq(generationJobs.id, job.id));
    expect(row!.error).toMatch(/content policy/);
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
});
