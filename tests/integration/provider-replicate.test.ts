// The Replicate provider against a local Replicate speaking its v1 HTTP API: predictions on
// official models and on versions (Prefer: wait, then polls), the Files API, cancels and errors.
// Training and the engine with credits are in provider-replicate-training.test.ts.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ProviderError,
  ProviderRefusalError,
  ProviderRetryableError,
  ProviderTimeoutError,
  type GenerateProgress,
} from "#server/generation/providers/provider";
import { createReplicateProvider, DEFAULT_REPLICATE_MODEL } from "#server/generation/providers/replicate.server";
import { startFakeReplicate, type FakeReplicate } from "../fakes/replicate-api";
import { sha256 } from "../fakes/recording-provider";
import { baseRequest } from "../support/provider-request";

const png = (background: string, size = 48) =>
  sharp({ create: { width: size, height: size, channels: 3, background } })
    .png()
    .toBuffer();
/** A PNG over Replicate's 256 KB for inline data: noise does not compress. */
const largePng = () =>
  sharp(Buffer.from(Array.from({ length: 420 * 420 * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width: 420, height: 420, channels: 3 },
  })
    .png()
    .toBuffer();

describe("replicate provider against a local Replicate", () => {
  let fake: FakeReplicate;
  const provider = (overrides: { token?: string; model?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
    createReplicateProvider({
      token: overrides.token ?? fake.token,
      model: overrides.model ?? DEFAULT_REPLICATE_MODEL,
      baseUrl: overrides.baseUrl ?? fake.url,
      timeoutMs: overrides.timeoutMs ?? 5_000,
      pollIntervalMs: 5,
      syncWaitSeconds: 1,
    });

  beforeAll(async () => {
    fake = await startFakeReplicate();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  it("runs Kontext [pro] by name with Prefer: wait and returns its PNG at the asked shape", async () => {
    const result = await provider().generate({ ...baseRequest, size: "portrait" });
    expect(fake.predictions).toHaveLength(1);
    const [prediction] = fake.predictions;
    expect(prediction!.model).toBe("black-forest-labs/flux-kontext-pro");
    expect(prediction!.version).toBeNull();
    expect(prediction!.prefer).toBe("wait=1");
    expect(prediction!.input).toEqual({
      prompt: baseRequest.prompt,
      aspect_ratio: "2:3",
      seed: 42,
      output_format: "png",
    });
    expect(result.notes).toBeUndefined();
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(["png", 832, 1248, false]);
  });

  it("sends the first reference as the input image and says the others were left out", async () => {
    const refs = await Promise.all(["#e76f51", "#2a9d8f", "#264653"].map((c) => png(c)));
    const result = await provider().generate({
      ...baseRequest,
      references: refs.map((data) => ({ data, mimeType: "image/png" as const })),
    });
    const [prediction] = fake.predictions;
    expect(prediction!.input.input_image).toMatch(/^data:image\/png;base64,/);
    expect(prediction!.images.input_image!.sha256).toBe(sha256(refs[0]!));
    expect(result.notes).toEqual([
      "black-forest-labs/flux-kontext-pro takes one input image: the first was sent and 2 other references were left out.",
    ]);
  });

  it("uploads a large reference through the Files API once, and passes its address", async () => {
    const big = await largePng();
    expect(big.length).toBeGreaterThan(256 * 1024);
    const replicate = provider();
    await replicate.generate({ ...baseRequest, references: [{ data: big, mimeType: "image/png" }] });
    await replicate.generate({ ...baseRequest, references: [{ data: big, mimeType: "image/png" }] });
    expect(fake.files).toHaveLength(1);
    expect(fake.files[0]).toMatchObject({ contentType: "image/png", sha256: sha256(big) });
    const [first, second] = fake.predictions;
    expect(first!.input.input_image).toBe(`${fake.url}/v1/files/${fake.files[0]!.id}`);
    expect(second!.input.input_image).toBe(first!.input.input_image);
    expect(first!.images.input_image!.sha256).toBe(sha256(big));
  });

  it("makes n images as n predictions, each with its own seed", async () => {
    const result = await provider().generate({ ...baseRequest, n: 2 });
    expect(result.images).toHaveLength(2);
    expect(fake.predictions.map((p) => p.input.seed).sort()).toEqual([42, 43]);
  });

  it("paints the key colour the prompt asks for", async () => {
    const result = await provider().generate({ ...baseRequest, prompt: "a fox on a solid flat #00FF00 background" });
    const { data } = await sharp(result.images[0]!.data).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([4, 249, 5]);
  });

  it("polls a prediction the wait did not finish, reporting its logged progress", async () => {
    Object.assign(fake.control, { stepMs: 0, waitCapMs: 10, pollsStarting: 1, pollsProcessing: 3 });
    const reports: GenerateProgress[] = [];
    await provider().generate({ ...baseRequest, onProgress: (p) => reports.push(p) });
    expect(reports.map((r) => r.step)).toEqual([0, 25, 50, 75, 100]);
  });

  it("maps a prediction its safety checker failed to a refusal", async () => {
    fake.control.failAlways = "nsfw";
    await expect(provider().generate(baseRequest)).rejects.toBeInstanceOf(ProviderRefusalError);
    expect(fake.calls.create).toBe(1);
  });

  it("maps a model's own failure to a retryable error", async () => {
    fake.control.failAlways = "model_error";
    await expect(provider().generate(baseRequest)).rejects.toThrow(/CUDA out of memory/);
  });

  it.each([
    ["rate_limit", /HTTP 429.*throttled.*try again in 1 s/],
    ["server_error", /HTTP 500/],
  ] as const)("maps %s at creation to a retryable error, calling once", async (kind, message) => {
    fake.control.failAlways = kind;
    const error = await provider()
      .generate(baseRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRetryableError);
    expect((error as Error).message).toMatch(message);
    expect(fake.calls.create).toBe(1);
  });

  it("maps an input the model's schema refuses (422) to a plain provider error", async () => {
    // FLUX.1 Fill needs an image: asked to generate from words alone, Replicate refuses the input.
    const error = await provider({ model: "black-forest-labs/flux-fill-pro" })
      .generate(baseRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).not.toBeInstanceOf(ProviderRetryableError);
    expect((error as Error).message).toMatch(/HTTP 422.*image is required/);
  });

  it("maps a bad token to a plain provider error, creating nothing", async () => {
    const error = await provider({ token: "r8_wrong" })
      .generate(baseRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).not.toBeInstanceOf(ProviderRetryableError);
    expect((error as Error).message).toMatch(/HTTP 401.*valid authentication token/);
    expect(fake.predictions).toHaveLength(0);
  });

  it("gives up at the deadline when polls stall, and cancels the prediction on Replicate", async () => {
    Object.assign(fake.control, { stepMs: 0, waitCapMs: 10, stall: "get" });
    const started = Date.now();
    await expect(provider({ timeoutMs: 400 }).generate(baseRequest)).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect.poll(() => fake.stalls.abandoned).toBeGreaterThan(0);
    await expect.poll(() => fake.cancels).toEqual([fake.predictions[0]!.id]);
    expect(fake.statusOf(fake.predictions[0]!.id)).toBe("canceled");
  });

  it("gives up at the deadline when an output file stalls", async () => {
    fake.control.stall = "file";
    await expect(provider({ timeoutMs: 500 }).generate(baseRequest)).rejects.toBeInstanceOf(ProviderTimeoutError);
    await expect.poll(() => fake.stalls.abandoned).toBeGreaterThan(0);
  });

  it("cancels the prediction on Replicate when the signal aborts mid-run, and stops at once", async () => {
    Object.assign(fake.control, { holdProcessing: true, waitCapMs: 10 });
    const controller = new AbortController();
    let abortedAt = 0;
    const call = provider().generate({
      ...baseRequest,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.step > 0 && !abortedAt) {
          abortedAt = Date.now();
          controller.abort();
        }
      },
    });
    await expect(call).rejects.toBeInstanceOf(ProviderRetryableError);
    expect(abortedAt).toBeGreaterThan(0);
    expect(Date.now() - abortedAt).toBeLessThan(500);
    await expect.poll(() => fake.cancels).toEqual([fake.predictions[0]!.id]);
    expect(fake.statusOf(fake.predictions[0]!.id)).toBe("canceled");
  });

  it("cancels a prediction aborted while Replicate still held its creating request", async () => {
    Object.assign(fake.control, { holdProcessing: true, waitCapMs: 300 });
    const controller = new AbortController();
    const call = provider().generate({ ...baseRequest, signal: controller.signal });
    await expect.poll(() => fake.predictions.length).toBe(1);
    const abortedAt = Date.now();
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(ProviderRetryableError);
    expect(Date.now() - abortedAt).toBeLessThan(200);
    // The held request answers with the prediction's id; then Motif cancels it.
    await expect.poll(() => fake.cancels).toEqual([fake.predictions[0]!.id]);
  });

  it("edits from words with Kontext, the base as its input image, the references left out", async () => {
    const base = await png("#264653", 64);
    const style = await png("#e76f51");
    const result = await provider().edit!({
      ...baseRequest,
      prompt: "make it red",
      base: { data: base, mimeType: "image/png" },
      mask: null,
      references: [{ data: style, mimeType: "image/png" }],
    });
    const [prediction] = fake.predictions;
    expect(prediction!.model).toBe("black-forest-labs/flux-kontext-pro");
    expect(prediction!.images.input_image!.sha256).toBe(sha256(base));
    expect(result.notes).toEqual(["Only the image being changed was sent: 1 reference image(s) were left out."]);
    expect(result.images).toHaveLength(1);
  });

  it("repaints a masked region with FLUX.1 Fill [pro], at the image's size", async () => {
    const base = await png("#264653", 96);
    const mask = await sharp({ create: { width: 96, height: 96, channels: 3, background: "#000" } })
      .composite([{ input: await png("#ffffff", 32), left: 0, top: 0 }])
      .png()
      .toBuffer();
    const result = await provider().edit!({
      ...baseRequest,
      prompt: "a hat",
      base: { data: base, mimeType: "image/png" },
      mask,
    });
    const [prediction] = fake.predictions;
    expect(prediction!.model).toBe("black-forest-labs/flux-fill-pro");
    expect(prediction!.input).toMatchObject({ prompt: "a hat", seed: 42, output_format: "png" });
    expect(prediction!.images.image!.sha256).toBe(sha256(base));
    expect(prediction!.images.mask!.whitePixels).toBe(32 * 32);
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 96, 96]);
  });

  it("upscales with Real-ESRGAN by its version, at the factor asked", async () => {
    const image = await png("#2a9d8f", 40);
    const replicate = provider();
    expect(replicate.capabilities.upscale).toEqual({ label: "Real-ESRGAN" });
    const result = await replicate.upscale!({ image: { data: image, mimeType: "image/png" }, factor: 2 });
    const [prediction] = fake.predictions;
    expect(prediction!.model).toBe("nightmareai/real-esrgan");
    expect(prediction!.version).toMatch(/^[0-9a-f]{64}$/);
    expect(prediction!.input).toMatchObject({ scale: 2, face_enhance: false });
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([meta.width, meta.height]).toEqual([80, 80]);
  });

  it("says what it can do", () => {
    expect(provider().capabilities).toMatchObject({
      nativeAlpha: false,
      maxReferences: 1,
      seed: true,
      sizes: { square: "1:1", portrait: "2:3", landscape: "3:2" },
      cancel: true,
      progress: true,
      edit: { words: true, region: true },
      train: { label: "FLUX LoRA trainer (ostris)" },
      characterReference: false,
    });
    expect(provider().label).toBe("Replicate black-forest-labs/flux-kontext-pro");
  });

  it("checks the connection with the account and the model's page, naming the variable to fix", async () => {
    const host = new URL(fake.url).host;
    expect(await provider().checkConnection!(AbortSignal.timeout(2_000))).toEqual({
      modelAvailable: true,
      message: `Connected to ${host} as motif-tester: the token works and black-forest-labs/flux-kontext-pro is available.`,
    });
    expect(fake.predictions).toHaveLength(0);
    const unknown = await provider({ model: "someone/no-such-model" }).checkConnection!(AbortSignal.timeout(2_000));
    expect(unknown.modelAvailable).toBe(false);
    expect(unknown.message).toMatch(/REPLICATE_MODEL/);
    await expect(provider({ token: "r8_wrong" }).checkConnection!(AbortSignal.timeout(2_000))).rejects.toThrow(
      /REPLICATE_API_TOKEN/,
    );
    await expect(
      provider({ baseUrl: "http://127.0.0.1:9" }).checkConnection!(AbortSignal.timeout(2_000)),
    ).rejects.toThrow(/REPLICATE_BASE_URL/);
  });
});
