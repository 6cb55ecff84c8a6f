import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createOfflineProvider, offlineSvg } from "#server/generation/providers/offline.server";
import { createOpenAIProvider } from "#server/generation/providers/openai.server";
import {
  ProviderError,
  ProviderRefusalError,
  ProviderRetryableError,
  type GenerateRequest,
} from "#server/generation/providers/provider";
import { startFakeOpenAI } from "../fakes/openai-images";

const baseRequest: GenerateRequest = {
  prompt: "a treasure chest. Flat icon style.",
  size: "square",
  detail: "standard",
  transparent: true,
  references: [],
  seed: 42,
  n: 1,
  palette: ["#f4a23c", "#2a9d8f", "#1d6a63"],
};

describe("openai provider against the local Images API", () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
  const provider = (apiKey = "sk-test") =>
    createOpenAIProvider({ apiKey, baseUrl: `${fake.url}/v1`, model: "gpt-image-1.5", timeoutMs: 2_000 });

  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    Object.assign(fake.control, { latencyMs: 0, failureRate: 0, failNext: null, failAlways: null });
    fake.requests.length = 0;
  });

  it("generates without references as JSON, with size, quality, background, format and user", async () => {
    const result = await provider().generate({ ...baseRequest, size: "landscape", detail: "high", user: "user-1" });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.path).toBe("/v1/images/generations");
    expect(request!.contentType).toContain("application/json");
    expect(request!.authorization).toBe("Bearer sk-test");
    expect(request!.fields).toMatchObject({
      model: "gpt-image-1.5",
      size: "1536x1024",
      quality: "high",
      background: "transparent",
      output_format: "png",
      moderation: "auto",
      user: "user-1",
      n: "1",
    });
    expect(result.usage).toEqual({ inputTokens: 50, outputTokens: 272 });
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1536, 1024, "png"]);
  });

  it("returns a transparent PNG with real alpha when asked", async () => {
    const result = await provider().generate(baseRequest);
    const image = sharp(result.images[0]!.data);
    expect((await image.metadata()).hasAlpha).toBe(true);
    const { data } = await image.raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0); // the top-left corner is see-through
  });

  it("sends references as a multipart edit with high input fidelity", async () => {
    const reference = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer();
    await provider().generate({
      ...baseRequest,
      transparent: false,
      references: [
        { data: reference, mimeType: "image/png" },
        { data: reference, mimeType: "image/png" },
      ],
    });
    const [request] = fake.requests;
    expect(request!.path).toBe("/v1/images/edits");
    expect(request!.contentType).toContain("multipart/form-data");
    expect(request!.imageCount).toBe(2);
    expect(request!.fields).toMatchObject({ input_fidelity: "high", background: "opaque", quality: "medium" });
  });

  it("maps a moderation block to a refusal", async () => {
    fake.control.failAlways = "moderation";
    await expect(provider().generate(baseRequest)).rejects.toBeInstanceOf(ProviderRefusalError);
  });

  it.each(["rate_limit", "server_error"] as const)(
    "maps %s to a retryable error, calling once (no SDK retries)",
    async (kind) => {
      fake.control.failAlways = kind;
      await expect(provider().generate(baseRequest)).rejects.toBeInstanceOf(ProviderRetryableError);
      expect(fake.requests).toHaveLength(1);
    },
  );

  it("maps a slow answer to a retryable timeout", async () => {
    fake.control.latencyMs = 3_000;
    await expect(provider().generate(baseRequest)).rejects.toBeInstanceOf(ProviderRetryableError);
  });

  it("maps a bad key to a plain provider error", async () => {
    await expect(provider("sk-invalid").generate(baseRequest)).rejects.toBeInstanceOf(ProviderError);
  });
});

describe("offline provider", () => {
  it("is deterministic for the same prompt and seed, and varies with either", async () => {
    expect(offlineSvg(baseRequest, 0)).toBe(offlineSvg(baseRequest, 0));
    expect(offlineSvg(baseRequest, 0)).not.toBe(offlineSvg({ ...baseRequest, seed: 43 }, 0));
    expect(offlineSvg(baseRequest, 0)).not.toBe(offlineSvg({ ...baseRequest, prompt: "a potion" }, 0));
  });

  it("honours size and alpha", async () => {
    const provider = createOfflineProvider();
    for (const [size, w, h] of [
      ["square", 1024, 1024],
      ["portrait", 1024, 1536],
      ["landscape", 1536, 1024],
    ] as const) {
      const [image] = (await provider.generate({ ...baseRequest, size })).images;
      const meta = await sharp(image!.data).metadata();
      expect([meta.width, meta.height, meta.hasAlpha]).toEqual([w, h, true]);
    }
    const [opaque] = (await provider.generate({ ...baseRequest, transparent: false })).images;
    expect((await sharp(opaque!.data).metadata()).hasAlpha).toBe(false);
  });

  it("adds effects at higher detail and uses the palette", () => {
    // Draft: the icon; standard: its shadow (a flat style has one only when asked); high: its shading too.
    const prompt = "a treasure chest. Flat icon style with a shadow.";
    const count = (detail: GenerateRequest["detail"]) =>
      (offlineSvg({ ...baseRequest, prompt, detail }, 0).match(/<(circle|rect|ellipse)/g) ?? []).length;
    expect(count("draft")).toBeLessThan(count("standard"));
    expect(count("standard")).toBeLessThan(count("high"));
    expect(offlineSvg(baseRequest, 0)).toMatch(/#f4a23c|#2a9d8f|#1d6a63/);
  });
});
