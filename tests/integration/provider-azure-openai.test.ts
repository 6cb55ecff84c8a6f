// The Azure OpenAI provider against a local Azure OpenAI speaking its data-plane API: the
// deployment path, the api-version query, the api-key or Entra bearer header; generations,
// multipart edits with references in order and a mask of the base's size; DALL·E 3's own
// limits; content-filter refusals, 429 and 5xx, stalls, cancels, unexpected answers, and the
// connection check. The engine with credits is in provider-azure-openai-engine.test.ts.
import sharp from "sharp";
import { z } from "zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { modelLabel } from "#domain/models";
import { createAzureOpenAIProvider } from "#server/generation/providers/azure-openai.server";
import { azureOpenaiPlugin } from "#server/generation/providers/plugins/azure-openai.server";
import {
  ProviderError,
  ProviderRefusalError,
  ProviderRetryableError,
  ProviderTimeoutError,
  type GenerateRequest,
} from "#server/generation/providers/provider";
import { startFakeAzureOpenAI, type FakeAzureOpenAI } from "../fakes/azure-openai-api";
import { sha256 } from "../fakes/recording-provider";

const baseRequest: GenerateRequest = {
  prompt: "a brass lantern. Flat icon style.",
  size: "square",
  detail: "standard",
  transparent: true,
  references: [],
  seed: 3,
  n: 1,
  palette: ["#f4a23c", "#2a9d8f"],
};

const png = (background: string, width = 48, height = width) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe("azure openai provider against a local Azure OpenAI", () => {
  let fake: FakeAzureOpenAI;
  const provider = (
    overrides: Partial<{ deployment: string; apiKey: string; token: string; apiVersion: string; endpoint: string }> & {
      model?: string;
      timeoutMs?: number;
    } = {},
  ) =>
    createAzureOpenAIProvider({
      endpoint: overrides.endpoint ?? fake.url,
      deployment: overrides.deployment ?? "motif-images",
      ...(overrides.token ? { token: overrides.token } : { apiKey: overrides.apiKey ?? fake.apiKey }),
      apiVersion: overrides.apiVersion,
      model: overrides.model,
      timeoutMs: overrides.timeoutMs ?? 5_000,
    });

  beforeAll(async () => {
    fake = await startFakeAzureOpenAI();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  it("generates at the deployment's path with the api-version and api-key, as gpt-image's JSON", async () => {
    const result = await provider().generate({ ...baseRequest, size: "landscape", detail: "high", user: "user-9" });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.path).toBe("/openai/deployments/motif-images/images/generations");
    expect(request!.apiVersion).toBe("2025-04-01-preview");
    expect(request!.apiKey).toBe(fake.apiKey);
    expect(request!.authorization).toBe("");
    expect(request!.fields).toEqual({
      model: "motif-images",
      prompt: baseRequest.prompt,
      n: "1",
      size: "1536x1024",
      quality: "high",
      background: "transparent",
      output_format: "png",
      user: "user-9",
    });
    expect(result.usage).toEqual({ inputTokens: 40, outputTokens: 272 });
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(["png", 1536, 1024, true]);
  });

  it("sends an Entra ID token as a bearer token instead of a key, and another api-version when set", async () => {
    await provider({ token: fake.token, apiVersion: "2025-03-01-preview" }).generate(baseRequest);
    const [request] = fake.requests;
    expect(request!.authorization).toBe(`Bearer ${fake.token}`);
    expect(request!.apiKey).toBeNull();
    expect(request!.apiVersion).toBe("2025-03-01-preview");
  });

  it("sends references as a multipart edit, in order, with high input fidelity", async () => {
    const refs = await Promise.all(["#e76f51", "#2a9d8f", "#264653"].map((c) => png(c)));
    await provider().generate({
      ...baseRequest,
      transparent: false,
      references: refs.map((data) => ({ data, mimeType: "image/png" as const })),
    });
    const [request] = fake.requests;
    expect(request!.path).toBe("/openai/deployments/motif-images/images/edits");
    expect(request!.contentType).toMatch(/^multipart\/form-data/);
    expect(request!.imageHashes).toEqual(refs.map(sha256));
    expect(request!.fields).toMatchObject({ input_fidelity: "high", background: "opaque", size: "1024x1024" });
  });

  it("edits the base first, then the references, with a mask of the base's size see-through where painted", async () => {
    const base = await png("#264653", 96, 64);
    const style = await png("#e76f51");
    const mask = await sharp({ create: { width: 96, height: 64, channels: 3, background: "#000" } })
      .composite([{ input: await png("#ffffff", 16), left: 0, top: 0 }])
      .png()
      .toBuffer();
    const result = await provider().edit!({
      ...baseRequest,
      prompt: "add a hat",
      base: { data: base, mimeType: "image/png" },
      mask,
      references: [{ data: style, mimeType: "image/png" }],
    });
    const [request] = fake.requests;
    expect(request!.imageHashes).toEqual([sha256(base), sha256(style)]);
    expect(request!.imageSizes[0]).toEqual({ width: 96, height: 64 });
    expect(request!.mask).toMatchObject({ width: 96, height: 64, hasAlpha: true });
    expect(request!.mask!.transparentPixels).toBeGreaterThanOrEqual(16 * 16);
    expect(request!.mask!.transparentPixels).toBeLessThan(24 * 24);
    expect(result.images).toHaveLength(1);
  });

  it("says what a gpt-image deployment can do", () => {
    const azure = provider();
    expect(azure.label).toBe(modelLabel("azure-openai", "motif-images"));
    expect(azure.model).toBe("motif-images");
    expect(azure.capabilities).toMatchObject({
      nativeAlpha: true,
      maxReferences: 16,
      seed: false,
      cancel: false,
      sizes: { square: "1024x1024", portrait: "1024x1536", landscape: "1536x1024" },
      edit: { words: true, region: true },
    });
  });

  it("asks a DALL·E 3 deployment one image a request, as base64, with its own sizes and no edits", async () => {
    const dalle = provider({ deployment: "motif-dalle", model: "dall-e-3" });
    expect(dalle.capabilities).toMatchObject({ nativeAlpha: false, maxReferences: 0, edit: { words: false } });
    expect(dalle.edit).toBeUndefined();
    const result = await dalle.generate({ ...baseRequest, transparent: false, n: 2, size: "portrait", detail: "high" });
    expect(result.images).toHaveLength(2);
    expect(fake.requests).toHaveLength(2);
    for (const request of fake.requests) {
      expect(request.fields).toEqual({
        model: "motif-dalle",
        prompt: baseRequest.prompt,
        n: "1",
        size: "1024x1792",
        quality: "hd",
        response_format: "b64_json",
      });
    }
  });

  it.each([
    ["a gpt-image deployment", "motif-images", "gpt-image-1"],
    ["a DALL·E 3 deployment", "motif-dalle", "dall-e-3"],
  ])("maps a content-filter refusal of %s to a refusal", async (_, deployment, model) => {
    fake.control.refusePrompt = "lantern";
    await expect(provider({ deployment, model }).generate(baseRequest)).rejects.toBeInstanceOf(ProviderRefusalError);
  });

  it("maps 429 (with its Retry-After) and 500 to retryable errors, calling once", async () => {
    fake.control.failAlways = "rate_limit";
    await expect(provider().generate(baseRequest)).rejects.toThrow(
      new ProviderRetryableError("The image service is busy (HTTP 429): try again in 7 s"),
    );
    fake.control.failAlways = "server_error";
    await expect(provider().generate(baseRequest)).rejects.toBeInstanceOf(ProviderRetryableError);
    expect(fake.requests).toHaveLength(2);
  });

  it("maps an unknown deployment and a refused key to plain errors that name what to check", async () => {
    const missing = await provider({ deployment: "nope" })
      .generate(baseRequest)
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ProviderError);
    expect((missing as Error).message).toMatch(/no deployment named nope.*AZURE_OPENAI_DEPLOYMENT/);
    const refused = await provider({ apiKey: "wrong" })
      .generate(baseRequest)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).not.toBeInstanceOf(ProviderRetryableError);
    expect((refused as Error).message).toMatch(/HTTP 401.*Access denied/);
  });

  it("gives up at its deadline when the answer stalls after its headers", async () => {
    fake.control.stall = true;
    const started = Date.now();
    await expect(provider({ timeoutMs: 400 }).generate(baseRequest)).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect.poll(() => fake.stalls).toEqual({ started: 1, abandoned: 1 });
  });

  it("drops the request at once when the signal aborts while Azure works", async () => {
    fake.control.hold = true;
    const controller = new AbortController();
    const call = provider().generate({ ...baseRequest, signal: controller.signal });
    await expect.poll(() => fake.holds.started).toBe(1);
    const abortedAt = Date.now();
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(ProviderRetryableError);
    expect(Date.now() - abortedAt).toBeLessThan(500);
    await expect.poll(() => fake.holds.abandoned).toBe(1);
  });

  it.each([
    ["an HTML page instead of JSON", "html", /not an Images API answer/],
    ["base64 that is not an image", "not_image", /not an image/],
    ["an image link that is gone", "expired_url", /HTTP 404\): the link has expired/],
  ] as const)("fails plainly on %s", async (_, answer, message) => {
    fake.control.answer = answer;
    const error = await provider()
      .generate(baseRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(message);
  });

  it("fetches an image answered as a link on its own host", async () => {
    fake.control.answer = "url";
    const result = await provider().generate(baseRequest);
    expect((await sharp(result.images[0]!.data).metadata()).format).toBe("png");
  });

  it("checks the connection with the models list and a prompt-less request, naming the variable to fix", async () => {
    const host = new URL(fake.url).host;
    expect(await provider().checkConnection!(AbortSignal.timeout(2_000))).toEqual({
      modelAvailable: true,
      message: `Connected to ${host}: the key works and the deployment motif-images answers.`,
    });
    expect(fake.modelListings).toEqual([`api-key ${fake.apiKey}`]);
    // The deployment probe made nothing.
    expect(fake.requests.map((r) => r.fields.prompt ?? null)).toEqual([null]);
    const missing = await provider({ deployment: "nope" }).checkConnection!(AbortSignal.timeout(2_000));
    expect(missing.modelAvailable).toBe(false);
    expect(missing.message).toMatch(/no deployment named nope\. Check AZURE_OPENAI_DEPLOYMENT/);
    await expect(provider({ apiKey: "wrong" }).checkConnection!(AbortSignal.timeout(2_000))).rejects.toThrow(
      /HTTP 401.*AZURE_OPENAI_API_KEY/,
    );
    await expect(provider({ token: "expired" }).checkConnection!(AbortSignal.timeout(2_000))).rejects.toThrow(
      /AZURE_OPENAI_TOKEN/,
    );
    await expect(provider({ apiVersion: "2020-01-01" }).checkConnection!(AbortSignal.timeout(2_000))).rejects.toThrow(
      /AZURE_OPENAI_API_VERSION/,
    );
    await expect(
      provider({ endpoint: "http://127.0.0.1:9" }).checkConnection!(AbortSignal.timeout(2_000)),
    ).rejects.toThrow(/AZURE_OPENAI_ENDPOINT/);
  });
});

describe("the azure-openai plugin", () => {
  const settingsOf = (env: Record<string, string>) =>
    azureOpenaiPlugin.settings(z.object(azureOpenaiPlugin.env).parse(env));

  it("reads the endpoint, deployment, api-version (2025-04-01-preview by default), key or token, and model", () => {
    const settings = settingsOf({
      AZURE_OPENAI_ENDPOINT: "https://motif.openai.azure.com",
      AZURE_OPENAI_DEPLOYMENT: "images",
      AZURE_OPENAI_API_KEY: "k",
    });
    expect(settings).toMatchObject({
      endpoint: "https://motif.openai.azure.com",
      deployment: "images",
      apiVersion: "2025-04-01-preview",
      apiKey: "k",
      model: "gpt-image-1",
    });
    expect(azureOpenaiPlugin.secret!(settings)).toBe("k");
    expect(azureOpenaiPlugin.model(settings)).toBe("images");
    expect(azureOpenaiPlugin.required!.isSet(settingsOf({}))).toBe(false);
  });

  it("refuses to start without a deployment, or with both or neither of a key and a token", async () => {
    const endpoint = { AZURE_OPENAI_ENDPOINT: "https://motif.openai.azure.com" };
    const build = (env: Record<string, string>) => azureOpenaiPlugin.build(settingsOf(env), { timeoutMs: 1_000 });
    await expect(build({ ...endpoint, AZURE_OPENAI_API_KEY: "k" })).rejects.toThrow(/AZURE_OPENAI_DEPLOYMENT/);
    await expect(build({ ...endpoint, AZURE_OPENAI_DEPLOYMENT: "d" })).rejects.toThrow(/exactly one/);
    await expect(
      build({ ...endpoint, AZURE_OPENAI_DEPLOYMENT: "d", AZURE_OPENAI_API_KEY: "k", AZURE_OPENAI_TOKEN: "t" }),
    ).rejects.toThrow(/exactly one/);
    const built = await build({ ...endpoint, AZURE_OPENAI_DEPLOYMENT: "d", AZURE_OPENAI_TOKEN: "t" });
    expect(built.id).toBe("azure-openai");
  });
});
