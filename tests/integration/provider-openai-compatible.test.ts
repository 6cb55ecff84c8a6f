// The OpenAI provider pointed at an OpenAI-compatible image server (OPENAI_COMPATIBLE): against a
// local server that answers as LocalAI does, it sends only what such servers read (no background,
// quality or moderation; sizes as WxH; base64 asked), accepts an image answered as a link on the
// server's own host and no other, refuses what is not an image, and its connection check says
// whether OPENAI_IMAGE_MODEL is served. With OPENAI_COMPATIBLE_EDITS (sd-server) it edits too.
// The engine with credits is in provider-openai-compatible-engine.test.ts.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "#server/configuration.server";
import { createOpenAIProvider } from "#server/generation/providers/openai.server";
import { openaiPlugin } from "#server/generation/providers/plugins/openai.server";
import {
  ProviderError,
  ProviderRefusalError,
  ProviderRetryableError,
  ProviderTimeoutError,
  type GenerateRequest,
} from "#server/generation/providers/provider";
import { startFakeOpenAICompatible, type FakeOpenAICompatible } from "../fakes/openai-compatible-api";
import { sha256 } from "../fakes/recording-provider";

const baseRequest: GenerateRequest = {
  prompt: "a copper kettle on a solid flat #00FF00 background",
  size: "portrait",
  detail: "high",
  transparent: false,
  references: [],
  seed: 11,
  n: 1,
  palette: ["#f4a23c"],
  user: "user-3",
};

const png = (background: string) =>
  sharp({ create: { width: 40, height: 40, channels: 3, background } })
    .png()
    .toBuffer();

describe("the openai provider on a LocalAI-like compatible server", () => {
  let fake: FakeOpenAICompatible;
  const provider = (overrides: { model?: string; timeoutMs?: number; baseUrl?: string; apiKey?: string } = {}) =>
    createOpenAIProvider({
      baseUrl: overrides.baseUrl ?? `${fake.url}/v1`,
      model: overrides.model ?? "stablediffusion",
      apiKey: overrides.apiKey,
      timeoutMs: overrides.timeoutMs ?? 5_000,
      compatible: true,
    });

  beforeAll(async () => {
    fake = await startFakeOpenAICompatible();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  it("asks for base64 at a WxH size with nothing the server does not read, and no key when it has none", async () => {
    fake.control.refuseUnknown = true;
    const result = await provider().generate(baseRequest);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.path).toBe("/v1/images/generations");
    expect(request!.authorization).toBeNull();
    expect(request!.fields).toEqual({
      model: "stablediffusion",
      prompt: baseRequest.prompt,
      n: "1",
      size: "1024x1536",
      response_format: "b64_json",
    });
    expect(request!.unknown).toEqual([]);
    const { data, info } = await sharp(result.images[0]!.data).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1024, 1536]);
    // The key colour the prompt asks for, as the engine's matte expects it.
    expect([data[0], data[1], data[2]]).toEqual(
      [0, 255, 0].map((v, i) => Math.min(255, Math.max(0, v + [-4, 5, -3][i]!))),
    );
  });

  it("sends the key as a bearer token when one is set", async () => {
    await provider({ apiKey: "local-key" }).generate(baseRequest);
    expect(fake.requests[0]!.authorization).toBe("Bearer local-key");
  });

  it("says honestly what such a server can do: no alpha, no references, no edits, no quality", () => {
    const local = provider();
    expect(local.capabilities).toMatchObject({
      nativeAlpha: false,
      maxReferences: 0,
      seed: false,
      sizes: { square: "1024x1024", portrait: "1024x1536", landscape: "1536x1024" },
      edit: { words: false, region: false },
    });
    expect(local.capabilities.edit.why).toMatch(/draws from words only/);
    expect(local.capabilities.detail.high).toMatch(/no quality setting/);
    expect(local.edit).toBeUndefined();
  });

  it("sends no reference images to a server that cannot take them", async () => {
    await provider().generate({ ...baseRequest, references: [{ data: await png("#123456"), mimeType: "image/png" }] });
    expect(fake.requests.map((r) => r.path)).toEqual(["/v1/images/generations"]);
  });

  it("accepts an image answered as a link on the server's own host, and downloads it", async () => {
    fake.control.answer = "url";
    const result = await provider().generate({ ...baseRequest, n: 2 });
    expect(result.images).toHaveLength(2);
    expect(fake.downloads).toHaveLength(2);
    expect((await sharp(result.images[0]!.data).metadata()).format).toBe("png");
  });

  it.each([
    ["a link on another host, which it never fetches", "foreign_url", /another address \(169\.254\.169\.254\)/],
    ["a link that redirects elsewhere", "redirect_url", /redirected \(HTTP 302\)/],
    ["a link that is gone", "expired_url", /HTTP 404\): the link has expired/],
    ["a link that serves a page", "html_url", /answered text\/html, not an image/],
    ["an HTML page instead of JSON", "html", /not an Images API answer/],
    ["base64 that is not an image", "not_image", /not an image/],
  ] as const)("fails plainly, without retrying, on %s", async (_, answer, message) => {
    fake.control.answer = answer;
    const error = await provider()
      .generate(baseRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(message);
    if (answer === "foreign_url") expect(fake.downloads).toEqual([]);
  });

  it("maps a forwarded moderation refusal to a refusal, and the backend's 500 to a retryable error", async () => {
    fake.control.refusePrompt = "kettle";
    await expect(provider().generate(baseRequest)).rejects.toBeInstanceOf(ProviderRefusalError);
    fake.control.refusePrompt = null;
    fake.control.failAlways = "server_error";
    await expect(provider().generate(baseRequest)).rejects.toThrow(/HTTP 500/);
    await expect(provider().generate(baseRequest)).rejects.toBeInstanceOf(ProviderRetryableError);
  });

  it("gives up at its deadline when the answer stalls, and drops a held request when the signal aborts", async () => {
    fake.control.stall = true;
    await expect(provider({ timeoutMs: 400 }).generate(baseRequest)).rejects.toBeInstanceOf(ProviderTimeoutError);
    await expect.poll(() => fake.stalls).toEqual({ started: 1, abandoned: 1 });
    fake.control.stall = false;
    fake.control.hold = true;
    const controller = new AbortController();
    const call = provider().generate({ ...baseRequest, signal: controller.signal });
    await expect.poll(() => fake.holds.started).toBe(1);
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(ProviderRetryableError);
    await expect.poll(() => fake.holds.abandoned).toBe(1);
  });

  it("checks the connection with /v1/models, saying whether OPENAI_IMAGE_MODEL is served", async () => {
    const host = new URL(fake.url).host;
    expect(await provider().checkConnection!(AbortSignal.timeout(2_000))).toEqual({
      modelAvailable: true,
      message: `Connected to ${host}: it serves stablediffusion.`,
    });
    expect(await provider({ model: "gpt-image-1.5" }).checkConnection!(AbortSignal.timeout(2_000))).toEqual({
      modelAvailable: false,
      message: `Connected to ${host}, but gpt-image-1.5 is not among the models it serves (stablediffusion, llama-3.2-1b-instruct). Check OPENAI_IMAGE_MODEL.`,
    });
    expect(fake.modelListings()).toBe(2);
    expect(fake.requests).toEqual([]);
    await expect(provider({ baseUrl: `${fake.url}/api` }).checkConnection!(AbortSignal.timeout(2_000))).rejects.toThrow(
      /HTTP 404.*OPENAI_BASE_URL/,
    );
  });
});

describe("the openai provider on an sd-server-like compatible server with edits", () => {
  let fake: FakeOpenAICompatible;
  const provider = () =>
    createOpenAIProvider({
      baseUrl: `${fake.url}/v1`,
      model: "sd-cpp-local",
      timeoutMs: 5_000,
      compatible: true,
      compatibleEdits: true,
    });
  beforeAll(async () => {
    fake = await startFakeOpenAICompatible({ models: ["sd-cpp-local"], edits: true });
  });
  afterAll(() => fake?.close());

  it("takes references and edits from words as multipart image[], in order, but no masks", async () => {
    const local = provider();
    expect(local.capabilities).toMatchObject({ maxReferences: 16, edit: { words: true, region: false } });
    const base = await png("#264653");
    const style = await png("#e76f51");
    const mask = await png("#ffffff");
    await local.edit!({
      ...baseRequest,
      base: { data: base, mimeType: "image/png" },
      mask,
      references: [{ data: style, mimeType: "image/png" }],
    });
    const [request] = fake.requests;
    expect(request!.path).toBe("/v1/images/edits");
    expect(request!.imageHashes).toEqual([sha256(base), sha256(style)]);
    expect(request!.fields).toEqual({
      model: "sd-cpp-local",
      prompt: baseRequest.prompt,
      n: "1",
      size: "1024x1536",
      response_format: "b64_json",
    });
  });
});

describe("OPENAI_COMPATIBLE in the configuration", () => {
  it("lets the openai provider run without a key when it points at a compatible server", () => {
    const config = parseConfig({
      IMAGE_PROVIDERS: "openai",
      OPENAI_BASE_URL: "http://gpu.example.com:8080/v1",
      OPENAI_IMAGE_MODEL: "stablediffusion",
      OPENAI_COMPATIBLE: "true",
    });
    expect(config.generation.settings.openai).toMatchObject({ compatible: true, compatibleEdits: false });
    expect(() => parseConfig({ IMAGE_PROVIDERS: "openai" })).toThrow(/OPENAI_API_KEY: is required/);
  });

  it("refuses to build without the server's address", async () => {
    const config = parseConfig({ IMAGE_PROVIDERS: "openai", OPENAI_COMPATIBLE: "1" });
    await expect(openaiPlugin.build(config.generation.settings.openai as never, { timeoutMs: 1_000 })).rejects.toThrow(
      /OPENAI_BASE_URL: is required when OPENAI_COMPATIBLE is set/,
    );
  });
});
