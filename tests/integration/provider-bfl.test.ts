// The BFL provider against a local BFL API: tasks submitted with x-key and polled at their
// polling_url, images from signed links, moderation, errors, deadlines, and the connection check.
// The engine with credits is in provider-bfl-engine.test.ts.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBflProvider, DEFAULT_BFL_MODEL } from "#server/generation/providers/bfl.server";
import {
  ProviderError,
  ProviderRefusalError,
  ProviderRetryableError,
  ProviderTimeoutError,
  type GenerateProgress,
} from "#server/generation/providers/provider";
import { startFakeBfl, type FakeBfl } from "../fakes/bfl-api";
import { sha256 } from "../fakes/recording-provider";
import { baseRequest } from "../support/provider-request";

const png = (background: string, size = 48) =>
  sharp({ create: { width: size, height: size, channels: 3, background } })
    .png()
    .toBuffer();

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as Error,
  );

describe("bfl provider against a local BFL API", () => {
  let fake: FakeBfl;
  const provider = (overrides: { key?: string; model?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
    createBflProvider({
      key: overrides.key ?? fake.key,
      model: overrides.model ?? DEFAULT_BFL_MODEL,
      baseUrl: overrides.baseUrl ?? fake.url,
      timeoutMs: overrides.timeoutMs ?? 5_000,
      pollIntervalMs: 5,
    });

  beforeAll(async () => {
    fake = await startFakeBfl();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  it("submits to Kontext [pro] with the key, polls, and returns its PNG at the asked shape", async () => {
    const reports: GenerateProgress[] = [];
    const result = await provider().generate({ ...baseRequest, size: "portrait", onProgress: (p) => reports.push(p) });
    expect(fake.tasks).toHaveLength(1);
    const [task] = fake.tasks;
    expect(task!.model).toBe("flux-kontext-pro");
    expect(task!.key).toBe(fake.key);
    expect(task!.input).toEqual({
      prompt: baseRequest.prompt,
      aspect_ratio: "2:3",
      seed: 42,
      output_format: "png",
      safety_tolerance: 2,
    });
    expect(result.notes).toBeUndefined();
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([result.images[0]!.format, meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual([
      "png",
      "png",
      832,
      1248,
      false,
    ]);
    // Two Pending polls with BFL's progress, then Ready; the signed link fetched without the key.
    expect(fake.polls).toEqual([task!.id, task!.id, task!.id]);
    expect(reports.map((r) => r.step)).toEqual([0, 33, 66, 100]);
    expect(fake.downloads).toEqual([{ path: `/delivery/${task!.id}/sample.png`, key: undefined }]);
  });

  it("sends up to four references as input_image…input_image_4, in order, and says the rest were left out", async () => {
    const colours = ["#e76f51", "#2a9d8f", "#264653", "#f4a261", "#e9c46a"];
    const refs = await Promise.all(colours.map((c) => png(c)));
    const result = await provider().generate({
      ...baseRequest,
      references: refs.map((data) => ({ data, mimeType: "image/png" as const })),
    });
    const [task] = fake.tasks;
    const fields = ["input_image", "input_image_2", "input_image_3", "input_image_4"];
    expect(Object.keys(task!.images)).toEqual(fields);
    expect(fields.map((field) => task!.images[field]!.sha256)).toEqual(refs.slice(0, 4).map(sha256));
    expect(task!.input.input_image).toMatch(/^<base64 \d+ bytes>$/);
    expect(result.notes).toEqual([
      "flux-kontext-pro takes 4 input image(s): 1 other reference image(s) were left out.",
    ]);
  });

  it("draws with FLUX 1.1 [pro] at a width and height, from words alone", async () => {
    const ref = await png("#e76f51");
    const bfl = provider({ model: "flux-pro-1.1" });
    expect(bfl.capabilities.maxReferences).toBe(0);
    const result = await bfl.generate({
      ...baseRequest,
      size: "landscape",
      references: [{ data: ref, mimeType: "image/png" }],
    });
    expect(fake.tasks[0]).toMatchObject({
      model: "flux-pro-1.1",
      input: { prompt: baseRequest.prompt, width: 1248, height: 832, seed: 42, output_format: "png" },
      images: {},
    });
    expect(result.notes).toEqual(["flux-pro-1.1 draws from words alone: 1 reference image(s) were not sent."]);
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([meta.width, meta.height]).toEqual([1248, 832]);
  });

  it("makes n images as n tasks, each with its own seed", async () => {
    const result = await provider().generate({ ...baseRequest, n: 2 });
    expect(result.images).toHaveLength(2);
    expect(fake.tasks.map((t) => t.input.seed).sort()).toEqual([42, 43]);
  });

  it("paints the key colour the prompt asks for", async () => {
    const result = await provider().generate({ ...baseRequest, prompt: "a fox on a solid flat #00FF00 background" });
    const { data } = await sharp(result.images[0]!.data).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0, 255, 4]);
  });

  it.each(["request_moderated", "content_moderated"] as const)("maps %s to a refusal", async (kind) => {
    fake.control.failAlways = kind;
    await expect(provider().generate(baseRequest)).rejects.toBeInstanceOf(ProviderRefusalError);
    expect(fake.calls.submit).toBe(1);
  });

  it.each([
    ["task_error", /could not make the image.*worker crashed/],
    ["task_not_found", /lost the task/],
  ] as const)("maps a task's %s to a plain provider error", async (kind, message) => {
    fake.control.failAlways = kind;
    const error = await failure(provider().generate(baseRequest));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).not.toBeInstanceOf(ProviderRetryableError);
    expect(error!.message).toMatch(message);
  });

  it.each([
    ["rate_limit", /HTTP 429.*active tasks.*try again in 1 s/],
    ["server_error", /HTTP 500/],
    ["unavailable", /HTTP 503/],
  ] as const)("maps %s at submission to a retryable error, calling once", async (kind, message) => {
    fake.control.failAlways = kind;
    const error = await failure(provider().generate(baseRequest));
    expect(error).toBeInstanceOf(ProviderRetryableError);
    expect(error!.message).toMatch(message);
    expect(fake.calls.submit).toBe(1);
  });

  it("maps 402 to a provider error naming the account's credits", async () => {
    fake.control.failAlways = "insufficient_credits";
    const error = await failure(provider().generate(baseRequest));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).not.toBeInstanceOf(ProviderRetryableError);
    expect(error!.message).toMatch(/BFL account of BFL_API_KEY has no credits left \(HTTP 402\)/);
  });

  it("maps a bad key to a plain provider error, submitting nothing", async () => {
    const error = await failure(provider({ key: "bfl_wrong" }).generate(baseRequest));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).not.toBeInstanceOf(ProviderRetryableError);
    expect(error!.message).toMatch(/refused the key \(HTTP 403\).*Not authenticated/);
    expect(fake.tasks).toHaveLength(0);
  });

  it("maps a body BFL refuses (422) to a plain provider error with its field", async () => {
    // FLUX.1 Fill needs an image: asked to draw from words, BFL refuses the body.
    const error = await failure(provider({ model: "flux-pro-1.0-fill" }).generate(baseRequest));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error!.message).toMatch(/HTTP 422.*width: Extra inputs.*image: Field required/);
  });

  it.each([
    ["expired", /link to the finished image had expired or was refused \(HTTP 404\)/],
    ["html", /answered text\/html where the image was expected/],
    ["not_an_image", /not an image/],
  ] as const)("fails clearly when the signed link answers %s", async (kind, message) => {
    fake.control.sample = kind;
    const error = await failure(provider().generate(baseRequest));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).not.toBeInstanceOf(ProviderRetryableError);
    expect(error!.message).toMatch(message);
  });

  it("never sends the key to a polling_url on a host that is not BFL's", async () => {
    fake.control.pollingHost = "api.us1.bfl.ai.example.net";
    await provider().generate(baseRequest);
    // Not BFL's host: Motif polls get_result on the base URL instead.
    expect(fake.polls.length).toBeGreaterThan(0);
  });

  it("gives up at the deadline when polls stall, and stops polling", async () => {
    fake.control.stall = "poll";
    const started = Date.now();
    await expect(provider({ timeoutMs: 400 }).generate(baseRequest)).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect.poll(() => fake.stalls.abandoned).toBeGreaterThan(0);
  });

  it("gives up at the deadline when the task stays pending", async () => {
    fake.control.holdPending = true;
    await expect(provider({ timeoutMs: 300 }).generate(baseRequest)).rejects.toBeInstanceOf(ProviderTimeoutError);
    // A poll already on its way when the wait stopped may still arrive; none is sent after it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const polled = fake.polls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.polls.length).toBe(polled);
  });

  it("gives up at the deadline when the image download stalls", async () => {
    fake.control.stall = "sample";
    await expect(provider({ timeoutMs: 500 }).generate(baseRequest)).rejects.toBeInstanceOf(ProviderTimeoutError);
    await expect.poll(() => fake.stalls.abandoned).toBeGreaterThan(0);
  });

  it("stops waiting at once when the signal aborts (BFL has no cancel), and polls no more", async () => {
    fake.control.holdPending = true;
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
    // A poll already on its way when the wait stopped may still arrive; none is sent after it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const polled = fake.polls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.polls.length).toBe(polled);
  });

  it("edits from words with Kontext: the base first, the style's references after it", async () => {
    const base = await png("#264653", 64);
    const styles = await Promise.all(["#e76f51", "#2a9d8f", "#e9c46a", "#f4a261"].map((c) => png(c)));
    const result = await provider().edit!({
      ...baseRequest,
      prompt: "make it red",
      base: { data: base, mimeType: "image/png" },
      mask: null,
      references: styles.map((data) => ({ data, mimeType: "image/png" as const })),
    });
    const [task] = fake.tasks;
    expect(task!.model).toBe("flux-kontext-pro");
    expect(task!.images.input_image!.sha256).toBe(sha256(base));
    expect([2, 3, 4].map((i) => task!.images[`input_image_${i}`]!.sha256)).toEqual(styles.slice(0, 3).map(sha256));
    expect(result.notes).toEqual([
      "flux-kontext-pro takes 4 input image(s): 1 other reference image(s) were left out.",
    ]);
  });

  it("edits with Kontext even when BFL_MODEL is FLUX 1.1 [pro]", async () => {
    const base = await png("#264653", 64);
    await provider({ model: "flux-pro-1.1" }).edit!({
      ...baseRequest,
      base: { data: base, mimeType: "image/png" },
      mask: null,
    });
    expect(fake.tasks[0]!.model).toBe("flux-kontext-pro");
  });

  it("repaints a masked region with FLUX.1 Fill [pro], the mask the image's size", async () => {
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
    const [task] = fake.tasks;
    expect(task!.model).toBe("flux-pro-1.0-fill");
    expect(task!.input).toMatchObject({ prompt: "a hat", seed: 42, output_format: "png", safety_tolerance: 2 });
    expect(task!.images.image!.sha256).toBe(sha256(base));
    expect([task!.images.mask!.width, task!.images.mask!.height, task!.images.mask!.whitePixels]).toEqual([
      96,
      96,
      32 * 32,
    ]);
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 96, 96]);

    // A mask of another size is refused by BFL, as a plain error.
    const small = await png("#ffffff", 48);
    const error = await failure(
      provider().edit!({ ...baseRequest, base: { data: base, mimeType: "image/png" }, mask: small }),
    );
    expect(error!.message).toMatch(/HTTP 400.*Mask dimensions \(48x48\) must match image dimensions \(96x96\)/);
  });

  it("says what it can do", () => {
    expect(provider().capabilities).toMatchObject({
      nativeAlpha: false,
      maxReferences: 4,
      seed: true,
      sizes: { square: "1:1", portrait: "2:3", landscape: "3:2" },
      cancel: false,
      progress: true,
      edit: { words: true, region: true },
      characterReference: false,
    });
    expect(provider({ model: "flux-pro-1.1" }).capabilities.sizes).toEqual({
      square: "1024x1024",
      portrait: "832x1248",
      landscape: "1248x832",
    });
    expect(provider().upscale).toBeUndefined();
    expect(provider().training).toBeUndefined();
  });

  it("checks the connection with the free credits endpoint, naming the variable to fix", async () => {
    const host = new URL(fake.url).host;
    expect(await provider().checkConnection!(AbortSignal.timeout(2_000))).toEqual({
      modelAvailable: null,
      message: `Connected to ${host}: the key works and the account has 1234.5 credits (flux-kontext-pro is not checked).`,
    });
    expect(fake.calls.credits).toBe(1);
    expect(fake.tasks).toHaveLength(0);
    fake.setCredits(0);
    expect((await provider().checkConnection!(AbortSignal.timeout(2_000))).message).toMatch(/add credits/);
    fake.setCredits(1234.5);
    await expect(provider({ key: "bfl_wrong" }).checkConnection!(AbortSignal.timeout(2_000))).rejects.toThrow(
      /HTTP 403.*BFL_API_KEY/,
    );
    await expect(
      provider({ baseUrl: `${fake.url}/nowhere` }).checkConnection!(AbortSignal.timeout(2_000)),
    ).rejects.toThrow(/HTTP 404.*BFL_BASE_URL/);
    await expect(
      provider({ baseUrl: "http://127.0.0.1:9" }).checkConnection!(AbortSignal.timeout(2_000)),
    ).rejects.toThrow(/BFL_BASE_URL/);
  });
});

describe("the bfl plugin", () => {
  it("reads its environment with BFL's defaults and builds the provider", async () => {
    const { z } = await import("zod");
    const { bflPlugin } = await import("#server/generation/providers/plugins/bfl.server");
    const env = z.object(bflPlugin.env).parse({ BFL_API_KEY: "bfl_x", BFL_BASE_URL: "https://api.eu.bfl.ai" });
    const settings = bflPlugin.settings(env);
    expect(settings).toMatchObject({
      key: "bfl_x",
      baseUrl: "https://api.eu.bfl.ai",
      model: "flux-kontext-pro",
      fillModel: "flux-pro-1.0-fill",
    });
    expect(bflPlugin.required!.isSet(settings)).toBe(true);
    expect(bflPlugin.address!(settings)).toEqual({
      url: "https://api.eu.bfl.ai",
      host: "api.bfl.ai",
      variable: "BFL_BASE_URL",
    });
    expect(bflPlugin.secret!(settings)).toBe("bfl_x");
    const built = await bflPlugin.build(settings, { timeoutMs: 1_000 });
    expect([built.id, built.model, built.capabilities.cancel]).toEqual(["bfl", "flux-kontext-pro", false]);
    expect(() => z.object(bflPlugin.env).parse({ BFL_MODEL: "../etc" })).toThrow(/BFL endpoint name/);
  });
});
