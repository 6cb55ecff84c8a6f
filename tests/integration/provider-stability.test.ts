// The Stability provider against a local Stability speaking its Stable Image API (v2beta):
// multipart requests answered with the image's bytes, Core and Ultra, Inpaint, Structure control,
// Outpaint (called as itself, and for the engine's canvas and mask), the three upscalers, errors
// in Stability's shapes, deadlines, aborts and the connection check. The engine with credits is in provider-stability-engine.test.ts.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ProviderAnswerError,
  ProviderError,
  ProviderRefusalError,
  ProviderRetryableError,
  ProviderTimeoutError,
} from "#server/generation/providers/provider";
import type { OutpaintSides } from "#domain/outpaint";
import { extendCanvas } from "#server/images/outpaint.server";
import { createStabilityProvider, type StabilityModel } from "#server/generation/providers/stability.server";
import type { StabilityUpscaler } from "#server/generation/providers/stability-upscale.server";
import { startFakeStability, type FakeStability } from "../fakes/stability-api";
import { sha256 } from "../fakes/recording-provider";
import { baseRequest } from "../support/provider-request";

const png = (background: string, width = 96, height = width) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
const meta = async (data: Buffer) => {
  const m = await sharp(data).metadata();
  return [m.format, m.width, m.height];
};
const failure = (promise: Promise<unknown>) => promise.catch((e: unknown) => e);

describe("stability provider against a local Stability", () => {
  let fake: FakeStability;
  const provider = (
    overrides: {
      apiKey?: string;
      model?: StabilityModel;
      upscaler?: StabilityUpscaler;
      timeoutMs?: number;
      baseUrl?: string;
    } = {},
  ) =>
    createStabilityProvider({
      apiKey: overrides.apiKey ?? fake.apiKey,
      model: overrides.model ?? "core",
      upscaler: overrides.upscaler,
      baseUrl: overrides.baseUrl ?? fake.url,
      timeoutMs: overrides.timeoutMs ?? 5_000,
      pollIntervalMs: 5,
    });

  beforeAll(async () => {
    fake = await startFakeStability();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  it("generates with Core from words, multipart with Accept: image/*, and returns its PNG", async () => {
    const result = await provider().generate({ ...baseRequest, size: "portrait" });
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent).toMatchObject({ endpoint: "generate/core", accept: "image/*", status: 200, images: {} });
    expect(sent!.fields).toEqual({
      prompt: baseRequest.prompt,
      aspect_ratio: "2:3",
      output_format: "png",
      seed: "42",
    });
    expect(result.notes).toBeUndefined();
    expect(await meta(result.images[0]!.data)).toEqual(["png", 832, 1216]);
    expect(result.images[0]!.format).toBe("png");
  });

  it("leaves references out on Core, saying so, and runs drafts on Core even when Ultra is chosen", async () => {
    const ref = { data: await png("#e76f51"), mimeType: "image/png" as const };
    const core = await provider().generate({ ...baseRequest, references: [ref, ref] });
    expect(fake.requests[0]!.order).not.toContain("image");
    expect(core.notes).toEqual(["Stable Image Core takes no input image: 2 reference images were left out."]);
    await provider({ model: "ultra" }).generate({ ...baseRequest, detail: "draft", references: [ref] });
    expect(fake.requests[1]!.endpoint).toBe("generate/core");
  });

  it("sends Ultra the first reference as its image with a strength, the others left out", async () => {
    const refs = await Promise.all(["#e76f51", "#2a9d8f", "#264653"].map((c) => png(c)));
    const result = await provider({ model: "ultra" }).generate({
      ...baseRequest,
      size: "landscape",
      references: refs.map((data) => ({ data, mimeType: "image/png" as const })),
    });
    const [sent] = fake.requests;
    expect(sent!.endpoint).toBe("generate/ultra");
    expect(sent!.images.image!.sha256).toBe(sha256(refs[0]!));
    expect(Object.keys(sent!.images)).toEqual(["image"]);
    expect(sent!.fields).toMatchObject({ aspect_ratio: "3:2", strength: "0.75" });
    expect(result.notes).toEqual([
      "Stable Image Ultra takes one input image: the first was sent and 2 other references were left out.",
    ]);
    expect(await meta(result.images[0]!.data)).toEqual(["png", 1216, 832]);
  });

  it("makes n images as n requests, each with its own seed, and paints the key colour asked", async () => {
    const result = await provider().generate({
      ...baseRequest,
      n: 2,
      prompt: "a fox on a solid flat #00FF00 background",
    });
    expect(result.images).toHaveLength(2);
    expect(fake.requests.map((r) => r.fields.seed).sort()).toEqual(["42", "43"]);
    const { data } = await sharp(result.images[0]!.data).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual(
      [0, 255, 0].map((v, i) => Math.min(255, Math.max(0, v + [-3, 5, -4][i]!))),
    );
  });

  it.each([
    ["moderation", "a 403 content_moderation"],
    ["filtered", "a 200 whose finish-reason is CONTENT_FILTERED"],
  ] as const)("maps %s (%s) to a refusal", async (kind, _answer) => {
    fake.control.failAlways = kind;
    const error = await failure(provider().generate(baseRequest));
    expect(error).toBeInstanceOf(ProviderRefusalError);
    expect((error as Error).message).toMatch(/content policy/);
    expect(fake.calls.image).toBe(1);
  });

  it.each([
    ["rate_limit", /HTTP 429.*rate limit/],
    ["server_error", /HTTP 500.*unexpected server error/],
  ] as const)("maps %s to a retryable error, calling once", async (kind, message) => {
    fake.control.failAlways = kind;
    const error = await failure(provider().generate(baseRequest));
    expect(error).toBeInstanceOf(ProviderRetryableError);
    expect((error as Error).message).toMatch(message);
    expect(fake.calls.image).toBe(1);
  });

  it("maps a 402, a 400 and a bad key to plain provider errors with Stability's words", async () => {
    fake.control.failNext = { kind: "payment", count: 1 };
    const payment = await failure(provider().generate(baseRequest));
    expect(payment).toBeInstanceOf(ProviderError);
    expect((payment as Error).message).toMatch(/no credits left \(HTTP 402\).*sufficient credits/);
    const invalid = await failure(provider().generate({ ...baseRequest, prompt: "" }));
    expect(invalid).toBeInstanceOf(ProviderError);
    expect(invalid).not.toBeInstanceOf(ProviderRetryableError);
    expect((invalid as Error).message).toMatch(/HTTP 400.*prompt: must be 1 to 10000 characters/);
    const key = await failure(provider({ apiKey: "sk-wrong" }).generate(baseRequest));
    expect(key).not.toBeInstanceOf(ProviderRetryableError);
    expect((key as Error).message).toMatch(/refused the key \(HTTP 401\)/);
  });

  it.each([
    ["wrong_type", /answered text\/html, not an image/],
    ["not_an_image", /not an image/],
  ] as const)("fails plainly on an unexpected answer (%s)", async (kind, message) => {
    fake.control.failAlways = kind;
    const error = await failure(provider().generate(baseRequest));
    expect(error).toBeInstanceOf(ProviderAnswerError);
    expect((error as Error).message).toMatch(message);
  });

  it("gives up at the deadline when the image stalls mid-body", async () => {
    fake.control.stall = "image";
    const started = Date.now();
    await expect(provider({ timeoutMs: 400 }).generate(baseRequest)).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect.poll(() => fake.stalls.abandoned).toBe(1);
  });

  it("closes the request at Stability when the signal aborts (it has no cancel), and stops at once", async () => {
    fake.control.hold = true;
    const controller = new AbortController();
    const call = provider().generate({ ...baseRequest, signal: controller.signal });
    await expect.poll(() => fake.requests.length).toBe(1);
    const abortedAt = Date.now();
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(ProviderRetryableError);
    expect(Date.now() - abortedAt).toBeLessThan(300);
    await expect.poll(() => fake.abandoned).toEqual(["generate/core"]);
  });

  it("repaints a masked region with Inpaint, the mask at the image's size, references left out", async () => {
    const base = await png("#264653", 128);
    const mask = await sharp({ create: { width: 128, height: 128, channels: 3, background: "#000" } })
      .composite([{ input: await png("#ffffff", 32), left: 0, top: 0 }])
      .png()
      .toBuffer();
    const result = await provider().edit!({
      ...baseRequest,
      prompt: "a hat",
      base: { data: base, mimeType: "image/png" },
      mask,
      references: [{ data: await png("#e76f51"), mimeType: "image/png" }],
    });
    const [sent] = fake.requests;
    expect(sent!.endpoint).toBe("edit/inpaint");
    expect(sent!.order.slice(0, 2)).toEqual(["prompt", "output_format"]);
    expect(sent!.images.image!.sha256).toBe(sha256(base));
    expect(sent!.images.mask).toMatchObject({ width: 128, height: 128, whitePixels: 32 * 32 });
    expect(result.notes).toEqual(["Only the image being changed was sent: 1 reference image(s) were left out."]);
    expect(await meta(result.images[0]!.data)).toEqual(["png", 128, 128]);
  });

  it("changes an image from words: Core through Structure control, Ultra from the image", async () => {
    const base = { data: await png("#264653", 128), mimeType: "image/png" as const };
    await provider().edit!({ ...baseRequest, prompt: "make it red", base, mask: null });
    await provider({ model: "ultra" }).edit!({ ...baseRequest, prompt: "make it red", base, mask: null });
    const [core, ultra] = fake.requests;
    expect(core).toMatchObject({ endpoint: "control/structure", fields: { control_strength: "0.7" } });
    expect(ultra).toMatchObject({ endpoint: "generate/ultra", fields: { strength: "0.6" } });
    expect([core!.images.image!.sha256, ultra!.images.image!.sha256]).toEqual([sha256(base.data), sha256(base.data)]);
  });

  it("upscales ×4 with Fast Upscale by default", async () => {
    const stability = provider();
    expect(stability.capabilities.upscale).toEqual({ label: "Stable Fast Upscale" });
    const result = await stability.upscale!({
      image: { data: await png("#2a9d8f", 40), mimeType: "image/png" },
      factor: 2,
    });
    expect(fake.requests[0]).toMatchObject({ endpoint: "upscale/fast", fields: { output_format: "png" } });
    expect(await meta(result.images[0]!.data)).toEqual(["png", 160, 160]);
  });

  it("upscales with Conservative Upscale, words describing the picture as it requires", async () => {
    const result = await provider({ upscaler: "conservative" }).upscale!({
      image: { data: await png("#2a9d8f", 64), mimeType: "image/png" },
      factor: 4,
    });
    expect(fake.requests[0]!.endpoint).toBe("upscale/conservative");
    expect(fake.requests[0]!.fields.prompt).toMatch(/higher resolution/);
    expect(await meta(result.images[0]!.data)).toEqual(["png", 256, 256]);
  });

  it("upscales with Creative Upscale: started, then its result fetched after 202s", async () => {
    fake.control.resultPolls = 3;
    const stability = provider({ upscaler: "creative" });
    expect(stability.capabilities.upscale).toEqual({ label: "Stable Creative Upscale" });
    const result = await stability.upscale!({
      image: { data: await png("#2a9d8f", 64), mimeType: "image/png" },
      factor: 4,
    });
    expect(fake.requests[0]).toMatchObject({ endpoint: "upscale/creative", accept: "application/json" });
    expect(fake.calls.results).toBe(4);
    expect(await meta(result.images[0]!.data)).toEqual(["png", 256, 256]);
  });

  it("fails plainly when a Creative Upscale's result is gone (404), and times out on one in progress", async () => {
    fake.control.failNext = { kind: "expired", count: 1 };
    const image = { data: await png("#2a9d8f", 64), mimeType: "image/png" as const };
    const gone = await failure(provider({ upscaler: "creative" }).upscale!({ image, factor: 4 }));
    expect(gone).toBeInstanceOf(ProviderAnswerError);
    expect(gone).not.toBeInstanceOf(ProviderRetryableError);
    expect((gone as Error).message).toMatch(/gone \(HTTP 404\): it expired/);
    fake.control.holdInProgress = true;
    const late = provider({ upscaler: "creative", timeoutMs: 300 }).upscale!({ image, factor: 4 });
    await expect(late).rejects.toBeInstanceOf(ProviderTimeoutError);
  });

  it("outpaints with Stability's own endpoint, by pixels on each side", async () => {
    const result = await provider().outpaint({
      image: { data: await png("#264653", 100, 80), mimeType: "image/png" },
      left: 20,
      down: 40,
      prompt: "more sea",
      seed: 7,
    });
    expect(fake.requests[0]).toMatchObject({
      endpoint: "edit/outpaint",
      fields: { left: "20", right: "0", up: "0", down: "40", prompt: "more sea", seed: "7" },
    });
    expect(await meta(result.images[0]!.data)).toEqual(["png", 120, 120]);
    await expect(provider().outpaint({ image: { data: await png("#000"), mimeType: "image/png" } })).rejects.toThrow(
      /at least one side/,
    );
  });

  it("outpaints the engine's canvas with Outpaint: the picture cut out, the new space in pixels per side", async () => {
    const edit = async (original: Buffer, sides: Partial<OutpaintSides>) => {
      const canvas = await extendCanvas(original, { left: 0, right: 0, top: 0, bottom: 0, ...sides });
      const base = { data: canvas.canvas, mimeType: "image/png" as const };
      return provider().edit!({ ...baseRequest, prompt: "more sea", base, mask: canvas.mask, outpaint: true });
    };
    // Sent at its own size (multiples of 16): exact pixels.
    const exact = await edit(await png("#264653", 192, 128), { left: 0.5, bottom: 0.25 });
    expect(fake.requests[0]).toMatchObject({
      endpoint: "edit/outpaint",
      fields: { left: "96", right: "0", up: "0", down: "32", prompt: "more sea", seed: "42", output_format: "png" },
      images: { image: { width: 192, height: 128 } },
    });
    expect(await meta(exact.images[0]!.data)).toEqual(["png", 288, 160]);

    // A canvas over 2048 px is sent smaller: the picture's place is read from the mask at that size.
    const scaled = await edit(await png("#264653", 1500, 1000), { left: 1 });
    const { fields, images } = fake.requests[1]!;
    expect(Math.abs(Number(fields.left) - 1024)).toBeLessThanOrEqual(1);
    expect([fields.right, fields.up, fields.down]).toEqual(["0", "0", "0"]);
    expect(images.image).toMatchObject({ width: 2048 - Number(fields.left), height: 688 });
    expect(await meta(scaled.images[0]!.data)).toEqual(["png", 2048, 688]);
  });

  it("says what it can do", () => {
    expect(provider().capabilities).toMatchObject({
      nativeAlpha: false,
      maxReferences: 0,
      seed: true,
      sizes: { square: "1:1", portrait: "2:3", landscape: "3:2" },
      detail: { draft: "Stable Image Core", standard: "Stable Image Core", high: "Stable Image Core" },
      cancel: false,
      progress: false,
      edit: { words: true, region: true },
      characterReference: false,
    });
    expect(provider({ model: "ultra" }).capabilities).toMatchObject({
      maxReferences: 1,
      detail: { draft: "Stable Image Core", standard: "Stable Image Ultra", high: "Stable Image Ultra" },
    });
  });

  it("checks the connection with the account and the balance, naming the variable to fix", async () => {
    const host = new URL(fake.url).host;
    expect(await provider().checkConnection!(AbortSignal.timeout(2_000))).toEqual({
      modelAvailable: null,
      message: `Connected to ${host} as tester@motif.test: the key works (42.5 credits left); Stable Image Core is offered to every key.`,
    });
    expect(fake.calls).toMatchObject({ account: 1, balance: 1, image: 0 });
    await expect(provider({ apiKey: "sk-wrong" }).checkConnection!(AbortSignal.timeout(2_000))).rejects.toThrow(
      /HTTP 401.*STABILITY_API_KEY/,
    );
    await expect(
      provider({ baseUrl: "http://127.0.0.1:9" }).checkConnection!(AbortSignal.timeout(2_000)),
    ).rejects.toThrow(/STABILITY_BASE_URL/);
  });
});
