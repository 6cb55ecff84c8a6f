// The Gemini provider, with Google's own client, against a local fake of the Gemini API:
// what it sends (prompt, inline references within the model's limit, aspect ratio, output
// size, seed), what it makes of each answer (images, refusals, errors, stalls), its free
// connection check, and a whole job through the engine paying for exactly what was made.
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#server/db/client.server";
import { creditLedger, images } from "#server/db/schema";
import { createGeminiProvider } from "#server/generation/providers/gemini.server";
import {
  ProviderError,
  ProviderRefusalError,
  ProviderRetryableError,
  ProviderTimeoutError,
  type GenerateRequest,
  type ReferenceImage,
} from "#server/generation/providers/provider";
import { generateWithRetries } from "#server/generation/retry.server";
import { INVALID_GEMINI_KEY, startFakeGemini, type Refusal } from "../fakes/gemini-api";
import { testDatabases } from "../support/databases";
import { balanceOf, grantCredits, json, ledgerSum, runJob, submitObjects } from "../support/factories";
import { signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

const FLASH = "gemini-2.5-flash-image";
const PRO = "gemini-3-pro-image-preview";

const baseRequest: GenerateRequest = {
  prompt: "a treasure chest. Flat icon style. On a clean, simple background.",
  size: "square",
  detail: "standard",
  transparent: false,
  references: [],
  seed: 42,
  n: 1,
  palette: ["#f4a23c", "#2a9d8f"],
};

/** Distinct small PNGs, so the test can tell which reached the API. */
async function references(count: number): Promise<ReferenceImage[]> {
  const refs = [];
  for (let i = 0; i < count; i++) {
    const data = await sharp({ create: { width: 16 + i, height: 16, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer();
    refs.push({ data, mimeType: "image/png" as const });
  }
  return refs;
}

const noWait = () => 1;
const stillWanted = async () => true;

describe("the Gemini provider against a local Gemini API", () => {
  let fake: Awaited<ReturnType<typeof startFakeGemini>>;
  const gemini = (options: { apiKey?: string; model?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
    createGeminiProvider({
      apiKey: options.apiKey ?? "AIza-test-key",
      model: options.model ?? FLASH,
      baseUrl: options.baseUrl ?? fake.url,
      timeoutMs: options.timeoutMs ?? 5_000,
    });

  beforeAll(async () => {
    fake = await startFakeGemini();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  it("asks for an image only, as a 1:1 with the seed, and returns Gemini's opaque PNG with usage", async () => {
    const provider = gemini();
    expect(provider).toMatchObject({ id: "gemini", model: FLASH, label: `Gemini ${FLASH}` });
    const result = await provider.generate(baseRequest);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      model: FLASH,
      apiKey: "AIza-test-key",
      partCount: 1,
      texts: [baseRequest.prompt],
      inlineImageCount: 0,
      responseModalities: ["IMAGE"],
      aspectRatio: "1:1",
      imageSize: undefined,
      seed: 42,
    });
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([result.images[0]!.format, meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual([
      "png",
      "png",
      1024,
      1024,
      false,
    ]);
    expect(result.usage!.outputTokens).toBe(1290);
    expect(result.usage!.inputTokens).toBeGreaterThan(0);
    expect(result.notes).toBeUndefined();
  });

  it.each([
    ["square", "1:1", 1024, 1024],
    ["portrait", "2:3", 832, 1248],
    ["landscape", "3:2", 1248, 832],
  ] as const)("asks for %s as %s and gets a %ix%i image", async (size, ratio, width, height) => {
    const provider = gemini();
    expect(provider.capabilities.sizes[size]).toBe(ratio);
    const result = await provider.generate({ ...baseRequest, size });
    expect(fake.requests[0]!.aspectRatio).toBe(ratio);
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([meta.width, meta.height]).toEqual([width, height]);
  });

  it("sends references as inline images after the prompt, leaving out and reporting those past the model's limit", async () => {
    const refs = await references(5);
    const provider = gemini();
    expect(provider.capabilities.maxReferences).toBe(3);
    const result = await provider.generate({ ...baseRequest, references: refs });
    const [request] = fake.requests;
    expect(request).toMatchObject({ partCount: 4, inlineImageCount: 3, texts: [baseRequest.prompt] });
    expect(request!.inlineMimeTypes).toEqual(["image/png", "image/png", "image/png"]);
    // The first three, most important first, byte for byte.
    expect(request!.inlineImages).toEqual(refs.slice(0, 3).map((r) => r.data));
    expect(result.notes).toEqual([`Gemini ${FLASH} takes at most 3 reference images: the last 2 of 5 were left out.`]);
  });

  it("sends up to 14 references to Gemini 3 Pro Image, and asks it for a larger image at high detail", async () => {
    const provider = gemini({ model: PRO });
    expect(provider.capabilities.maxReferences).toBe(14);
    const refs = await references(5);
    const standard = await provider.generate({ ...baseRequest, references: refs });
    expect(standard.notes).toBeUndefined();
    const high = await provider.generate({ ...baseRequest, detail: "high", size: "landscape" });
    expect(fake.requests.map((r) => [r.inlineImageCount, r.imageSize, r.aspectRatio])).toEqual([
      [5, "1K", "1:1"],
      [0, "2K", "3:2"],
    ]);
    const meta = await sharp(high.images[0]!.data).metadata();
    expect([meta.width, meta.height]).toEqual([2496, 1664]);
    expect(provider.capabilities.detail.high).toBe("imageSize: 2K");
  });

  it.each([
    ["gemini-2.5-flash-image", 3],
    ["gemini-2.5-flash-image-preview", 3],
    ["gemini-3-pro-image-preview", 14],
    ["gemini-3.1-flash-image-preview", 14],
    ["an-image-model-from-next-year", 3],
  ])("takes the reference limit of %s as %i", (model, limit) => {
    expect(gemini({ model }).capabilities.maxReferences).toBe(limit);
  });

  it("says detail does not change the request on a model without output sizes", () => {
    expect(Object.values(gemini().capabilities.detail)).toEqual(
      Array(3).fill("the model's one size (detail does not change the request)"),
    );
  });

  it("stores a JPEG answer as PNG and keeps WebP", async () => {
    fake.control.imageMimeType = "image/jpeg";
    const jpeg = await gemini().generate(baseRequest);
    expect(jpeg.images[0]!.format).toBe("png");
    expect((await sharp(jpeg.images[0]!.data).metadata()).format).toBe("png");
    fake.control.imageMimeType = "image/webp";
    const webp = await gemini().generate(baseRequest);
    expect(webp.images[0]!.format).toBe("webp");
    expect((await sharp(webp.images[0]!.data).metadata()).format).toBe("webp");
  });

  it.each([
    ["blocked_prompt", /blocked the prompt \(PROHIBITED_CONTENT\)/],
    ["image_safety", /withheld the image \(IMAGE_SAFETY\)/],
    ["no_candidates", /returned no image/],
    ["text_only", /returned no image: “I can't create that image/],
  ] as [Refusal, RegExp][])("takes %s as a refusal, asked once", async (kind, message) => {
    fake.control.refuse = { kind, prompt: null };
    const called = generateWithRetries(gemini(), baseRequest, { maxAttempts: 3, backoffMs: noWait }, stillWanted);
    await expect(called).rejects.toBeInstanceOf(ProviderRefusalError);
    await expect(called).rejects.toThrow(message);
    expect(fake.requests).toHaveLength(1);
  });

  it("retries a 429 through the engine's runner and then succeeds; the client itself asks once", async () => {
    fake.control.failNext = { kind: "rate_limit", count: 1 };
    await expect(gemini().generate(baseRequest)).rejects.toThrow(
      new ProviderRetryableError("The image service is busy (HTTP 429)"),
    );
    expect(fake.requests).toHaveLength(1);

    fake.reset();
    fake.control.failNext = { kind: "rate_limit", count: 1 };
    const result = await generateWithRetries(gemini(), baseRequest, { maxAttempts: 3, backoffMs: noWait }, stillWanted);
    expect(result!.images).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
  });

  it.each(["server_error", "unavailable"] as const)(
    "retries %s up to the attempts allowed, then fails retryable",
    async (kind) => {
      fake.control.failAlways = kind;
      const called = generateWithRetries(gemini(), baseRequest, { maxAttempts: 3, backoffMs: noWait }, stillWanted);
      await expect(called).rejects.toBeInstanceOf(ProviderRetryableError);
      await expect(called).rejects.toThrow(/HTTP 50[03]/);
      expect(fake.requests).toHaveLength(3);
    },
  );

  it("gives up a stalled body at the engine's deadline, every attempt, and the connection is closed", async () => {
    fake.control.stallBody = { prompt: null };
    const started = Date.now();
    // The provider's own timeout is longer: the engine's deadline, through request.signal, stops it.
    const called = generateWithRetries(
      gemini({ timeoutMs: 60_000 }),
      baseRequest,
      { maxAttempts: 2, timeoutMs: 1_000, backoffMs: noWait },
      stillWanted,
    );
    await expect(called).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 1_000 - 50);
    await vi.waitFor(() => expect(fake.stalls).toEqual({ started: 2, abandoned: 2 }));
  });

  it("gives up a stalled body at its own timeout when called without a deadline", async () => {
    fake.control.stallBody = { prompt: null };
    await expect(gemini({ timeoutMs: 800 }).generate(baseRequest)).rejects.toBeInstanceOf(ProviderRetryableError);
    await vi.waitFor(() => expect(fake.stalls).toEqual({ started: 1, abandoned: 1 }));
  });

  it("takes a bad key, an unknown model and an unreachable address as what they are", async () => {
    const badKey = gemini({ apiKey: INVALID_GEMINI_KEY }).generate(baseRequest);
    await expect(badKey).rejects.toBeInstanceOf(ProviderError);
    await expect(badKey).rejects.toThrow(
      "The image service rejected the request (HTTP 400): API key not valid. Please pass a valid API key.",
    );
    const unknown = gemini({ model: "gemini-9-image" }).generate(baseRequest);
    await expect(unknown).rejects.toBeInstanceOf(ProviderError);
    await expect(unknown).rejects.toThrow(/HTTP 404/);
    // A closed port: the network failed, which is worth another try.
    const closed = await startFakeGemini();
    await closed.close();
    await expect(gemini({ baseUrl: closed.url }).generate(baseRequest)).rejects.toBeInstanceOf(ProviderRetryableError);
  });

  describe("connection check", () => {
    const check = (provider: ReturnType<typeof gemini>) => provider.checkConnection!(AbortSignal.timeout(5_000));

    it("proves the key and the model without making an image", async () => {
      expect(await check(gemini())).toEqual({
        modelAvailable: true,
        message: `The key works and ${FLASH} is available.`,
      });
      expect(fake.modelLookups).toEqual(["AIza-test-key"]);
      expect(fake.requests).toEqual([]);
    });

    it("tells a missing model from a wrong address", async () => {
      expect(await check(gemini({ model: "gemini-9-image" }))).toEqual({
        modelAvailable: false,
        message: "The key works, but Gemini has no model called gemini-9-image. Check GEMINI_IMAGE_MODEL.",
      });
      await expect(check(gemini({ baseUrl: `${fake.url}/elsewhere` }))).rejects.toThrow(/Check GEMINI_BASE_URL/);
      expect(fake.requests).toEqual([]);
    });

    it("names the key when it is refused", async () => {
      await expect(check(gemini({ apiKey: INVALID_GEMINI_KEY }))).rejects.toThrow(
        /^The API key was refused \(HTTP 400\)\. Check GEMINI_API_KEY\. The service said: “API key not valid/,
      );
    });

    it("names the address when nothing answers there", async () => {
      const closed = await startFakeGemini();
      await closed.close();
      await expect(check(gemini({ baseUrl: closed.url }))).rejects.toThrow(/Check GEMINI_BASE_URL/);
    });
  });
});

describe.each(testDatabases)("jobs made with Gemini through the engine, on $name", (target) => {
  let fake: Awaited<ReturnType<typeof startFakeGemini>>;
  const api = {} as { database: DatabaseHandle; server: ApiTestServer; user: { cookie: string; userId: string } };

  beforeAll(async () => {
    fake = await startFakeGemini();
    api.database = await target.open();
    // The app's only engine is Gemini, on the fake.
    const provider = createGeminiProvider({
      apiKey: "AIza-test-key",
      model: FLASH,
      baseUrl: fake.url,
      timeoutMs: 5_000,
    });
    api.server = await startApiServer(api.database, { SIGNIN_LIMIT_PER_IP: "1000" }, { provider });
    api.user = await signInThroughApi(api.server, "gemini-user@example.com");
    await grantCredits(api.database.db, api.user.userId, 1000);
  });
  afterAll(async () => {
    await api.server?.close();
    await api.database?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const balance = () => balanceOf(api.database.db, api.user.userId);
  const ledgerOf = (jobId: string) =>
    api.database.db
      .select({ reason: creditLedger.reason, delta: creditLedger.delta })
      .from(creditLedger)
      .where(and(eq(creditLedger.workspaceId, api.user.userId), eq(creditLedger.ref, jobId)));

  /** POST /api/styles with two uploads, opaque: the style and its queued sample job (four draft squares). */
  async function newStyle(name: string) {
    const form = new FormData();
    form.set("name", name);
    form.set("description", "Flat vector icons, warm amber and teal");
    form.set("defaultDetail", "draft");
    form.set("defaultSize", "square");
    form.set("defaultTransparent", "false");
    for (const ref of await references(2)) form.append("references", new Blob([new Uint8Array(ref.data)]), "ref.png");
    const response = await api.server.call("/api/styles", { method: "POST", body: form, cookie: api.user.cookie });
    expect(response.status).toBe(201);
    return json<{ style: { id: string }; job: { id: string; credits: number } }>(response);
  }

  it("charges a sample job once for the images made and refunds the one Gemini withheld, once", async () => {
    const before = await balance();
    const { style, job } = await newStyle("Gemini samples");
    expect(job.credits).toBe(12);
    fake.control.refuse = { kind: "image_safety", prompt: "a leafy tree" };

    const ended = await runJob(api.server, job.id);
    expect(ended).toMatchObject({ status: "succeeded", provider: "gemini", imagesMade: 3, refundedCredits: 3 });
    // The refusal is not retried: four requests for four images.
    expect(fake.requests).toHaveLength(4);
    expect(fake.requests.every((r) => r.model === FLASH && r.aspectRatio === "1:1")).toBe(true);
    expect(fake.requests[0]!.inlineImageCount).toBe(2);
    // Running the finished job again changes nothing.
    expect(await runJob(api.server, job.id)).toBeNull();
    expect(fake.requests).toHaveLength(4);

    expect(await ledgerOf(job.id)).toEqual(
      expect.arrayContaining([
        { reason: "generation_reserve", delta: -12 },
        { reason: "generation_refund", delta: 3 },
      ]),
    );
    expect(await ledgerOf(job.id)).toHaveLength(2);
    expect(await balance()).toBe(before - 9);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(await balance());

    const stored = await api.database.db.select().from(images).where(eq(images.jobId, job.id));
    expect(stored.map((i) => [i.provider, i.model, i.width, i.height, i.hasAlpha])).toEqual(
      Array(3).fill(["gemini", FLASH, 1024, 1024, false]),
    );

    // Objects in the style: the engine sends the model's three references, and pays once, with no refund.
    const beforeObjects = await balance();
    const set = await submitObjects(api.server, api.user.cookie, {
      styleId: style.id,
      subjects: ["Lamp", "Anvil"],
      transparent: false,
    });
    fake.reset();
    expect(await runJob(api.server, set.job.id)).toMatchObject({ status: "succeeded", imagesMade: 2, refunded: false });
    expect(fake.requests.map((r) => r.inlineImageCount)).toEqual([3, 3]);
    expect(await ledgerOf(set.job.id)).toEqual([{ reason: "generation_reserve", delta: -6 }]);
    expect(await balance()).toBe(beforeObjects - 6);
  });

  it("refunds a job Gemini refuses outright in full, once", async () => {
    const { style, job } = await newStyle("Gemini refused");
    await runJob(api.server, job.id);
    const before = await balance();
    const set = await submitObjects(api.server, api.user.cookie, {
      styleId: style.id,
      subjects: ["Skull"],
      transparent: false,
    });
    expect(await balance()).toBe(before - 3);
    fake.reset();
    fake.control.refuse = { kind: "blocked_prompt", prompt: null };
    expect(await runJob(api.server, set.job.id)).toMatchObject({ status: "failed", imagesMade: 0, refundedCredits: 3 });
    expect(await runJob(api.server, set.job.id)).toBeNull();
    expect(await ledgerOf(set.job.id)).toEqual(
      expect.arrayContaining([
        { reason: "generation_reserve", delta: -3 },
        { reason: "generation_refund", delta: 3 },
      ]),
    );
    expect(await ledgerOf(set.job.id)).toHaveLength(2);
    expect(await balance()).toBe(before);
    expect(await ledgerSum(api.database.db, api.user.userId)).toBe(await balance());
  });
});
