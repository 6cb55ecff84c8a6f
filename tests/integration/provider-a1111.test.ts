// The Stable Diffusion WebUI provider against a local WebUI speaking its --api: txt2img, img2img
// from a reference, edits and masked regions, progress, interrupts, errors and the connection
// check. The engine with credits is in provider-a1111-engine.test.ts.
import sharp from "sharp";
import { z } from "zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { providerName } from "#domain/models";
import { a1111Plugin } from "#server/generation/providers/plugins/a1111.server";
import { createA1111Provider } from "#server/generation/providers/a1111.server";
import {
  ProviderError,
  ProviderRetryableError,
  ProviderTimeoutError,
  type GenerateProgress,
  type GenerateRequest,
} from "#server/generation/providers/provider";
import { FAKE_CHECKPOINTS, startFakeA1111, type FakeA1111 } from "../fakes/a1111-api";
import { sha256 } from "../fakes/recording-provider";

const AUTH = "motif:webui-secret";
const baseRequest: GenerateRequest = {
  prompt: "a treasure chest. Flat icon style.",
  size: "square",
  detail: "draft",
  transparent: false,
  references: [],
  seed: 42,
  n: 1,
  palette: ["#f4a23c", "#2a9d8f"],
};

const png = (background: string, width = 48, height = width) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe("a1111 provider against a local WebUI", () => {
  let fake: FakeA1111;
  const provider = (overrides: { auth?: string; model?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
    createA1111Provider({
      baseUrl: overrides.baseUrl ?? fake.url,
      auth: "auth" in overrides ? overrides.auth : AUTH,
      model: overrides.model,
      timeoutMs: overrides.timeoutMs ?? 5_000,
      progressIntervalMs: 5,
    });

  beforeAll(async () => {
    fake = await startFakeA1111({ auth: AUTH });
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  it("runs txt2img as the API takes it, signed in, and returns its PNG at the asked size", async () => {
    const result = await provider({ model: FAKE_CHECKPOINTS[1] }).generate({ ...baseRequest, size: "portrait" });
    expect(fake.runs).toHaveLength(1);
    const [run] = fake.runs;
    expect(run!.path).toBe("/sdapi/v1/txt2img");
    expect(run!.authorization).toBe(`Basic ${Buffer.from(AUTH).toString("base64")}`);
    expect(run!.body).toMatchObject({
      prompt: baseRequest.prompt,
      negative_prompt: expect.stringContaining("blurry"),
      steps: 12,
      width: 832,
      height: 1216,
      seed: 42,
      batch_size: 1,
      sampler_name: "Euler a",
      cfg_scale: 7,
      override_settings: { sd_model_checkpoint: FAKE_CHECKPOINTS[1] },
    });
    expect(run!.outcome).toBe("finished");
    expect(result.notes).toBeUndefined();
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 832, 1216]);
  });

  it("makes n images one after the other, each with its own seed, the steps by detail", async () => {
    const result = await provider().generate({ ...baseRequest, n: 2, detail: "high" });
    expect(result.images).toHaveLength(2);
    expect(fake.runs.map((r) => [r.body.seed, r.body.steps])).toEqual([
      [42, 36],
      [43, 36],
    ]);
    expect(fake.runs[0]!.body.override_settings).toBeUndefined();
  });

  it("paints the key colour the prompt asks for", async () => {
    const result = await provider().generate({ ...baseRequest, prompt: "a fox on a solid flat #00FF00 background" });
    const { data } = await sharp(result.images[0]!.data).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual(
      [0, 255, 0].map((v, i) => Math.min(255, Math.max(0, v + [-3, 5, -4][i]!))),
    );
  });

  it("starts img2img from the first reference and says the others were left out", async () => {
    const refs = await Promise.all(["#e76f51", "#2a9d8f", "#264653"].map((c) => png(c)));
    const result = await provider().generate({
      ...baseRequest,
      size: "landscape",
      references: refs.map((data) => ({ data, mimeType: "image/png" as const })),
    });
    const [run] = fake.runs;
    expect(run!.path).toBe("/sdapi/v1/img2img");
    expect(run!.initImages.map((i) => i.sha256)).toEqual([sha256(refs[0]!)]);
    expect(run!.body).toMatchObject({ denoising_strength: 0.75, width: 1216, height: 832 });
    expect(result.notes).toEqual([
      "The WebUI starts img2img from one image: the first reference was sent and 2 other references were left out.",
    ]);
  });

  it("reports the sampler's steps while the run goes", async () => {
    fake.control.stepMs = 10;
    const reports: GenerateProgress[] = [];
    await provider().generate({ ...baseRequest, onProgress: (p) => reports.push(p) });
    expect(reports.length).toBeGreaterThan(2);
    expect(reports.every((r) => r.steps === 12 && r.step <= 12)).toBe(true);
    expect(reports.at(-1)!.step).toBeGreaterThan(reports[0]!.step);
  });

  it("edits from words with img2img from the base, at its size", async () => {
    const base = await png("#264653", 96, 64);
    const result = await provider().edit!({
      ...baseRequest,
      prompt: "make it red",
      base: { data: base, mimeType: "image/png" },
      mask: null,
      references: [{ data: await png("#e76f51"), mimeType: "image/png" }],
    });
    const [run] = fake.runs;
    expect(run!.initImages).toEqual([{ width: 96, height: 64, sha256: sha256(base) }]);
    expect(run!.mask).toBeNull();
    expect(run!.body).toMatchObject({ prompt: "make it red", denoising_strength: 0.6, width: 96, height: 64 });
    expect(result.notes).toEqual(["Only the image being changed was sent: 1 reference image(s) were left out."]);
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([meta.width, meta.height]).toEqual([96, 64]);
  });

  it("repaints a masked region, the mask of the base's size, white to repaint", async () => {
    const base = await png("#264653", 96);
    const mask = await sharp({ create: { width: 96, height: 96, channels: 3, background: "#000" } })
      .composite([{ input: await png("#ffffff", 32), left: 0, top: 0 }])
      .png()
      .toBuffer();
    await provider().edit!({ ...baseRequest, prompt: "a hat", base: { data: base, mimeType: "image/png" }, mask });
    const [run] = fake.runs;
    expect(run!.mask).toMatchObject({ width: 96, height: 96, whitePixels: 32 * 32 });
    expect(run!.body).toMatchObject({ inpainting_fill: 1, inpaint_full_res: false, denoising_strength: 0.75 });
    // The fake refuses a mask of another size, as a WebUI would misplace it.
    const small = await png("#ffffff", 32);
    await expect(
      provider().edit!({ ...baseRequest, base: { data: base, mimeType: "image/png" }, mask: small }),
    ).rejects.toThrow(/HTTP 422.*mask/);
  });

  it("draws with a LoRA the WebUI has, its tag in the prompt and its trigger word first", async () => {
    const learned = { ref: "motif-style-trn01", scale: 0.8, triggerWord: "MTFSTYLE" };
    await provider().generate({ ...baseRequest, learned });
    expect(fake.runs[0]!.body.prompt).toBe(`MTFSTYLE ${baseRequest.prompt} <lora:motif-style-trn01:0.8>`);
    await expect(provider().generate({ ...baseRequest, learned: { ...learned, ref: "not-there" } })).rejects.toThrow(
      /no LoRA named not-there.*models\/Lora/,
    );
    expect(fake.runs).toHaveLength(1);
  });

  it("maps the WebUI's exception (500) to a retryable error with its words", async () => {
    fake.control.failAlways = "server_error";
    const error = await provider()
      .generate(baseRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRetryableError);
    expect((error as Error).message).toMatch(/HTTP 500.*OutOfMemoryError: CUDA out of memory/);
  });

  it.each([
    [{ auth: "motif:wrong" }, /HTTP 401.*Incorrect username or password.*A1111_AUTH/],
    [{ auth: undefined }, /HTTP 401.*Not authenticated.*A1111_AUTH/],
    [{ model: "no-such.safetensors" }, /HTTP 404.*Model not found.*A1111_MODEL/],
  ])("maps a refused request (%o) to a plain provider error", async (overrides, message) => {
    const error = await provider(overrides)
      .generate(baseRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).not.toBeInstanceOf(ProviderRetryableError);
    expect((error as Error).message).toMatch(message);
  });

  it.each([
    ["html", /answered text\/html instead of JSON.*A1111_URL/],
    ["bad-image", /returned a file that is not an image/],
    ["not-found", /no API at this address \(HTTP 404\).*--api/],
  ] as const)("fails plainly on an answer no WebUI gives (%s)", async (kind, message) => {
    fake.control.unexpected = kind;
    const error = await provider()
      .generate(baseRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(message);
  });

  it("gives up at the deadline when the WebUI stalls, and interrupts it", async () => {
    fake.control.stall = true;
    const started = Date.now();
    await expect(provider({ timeoutMs: 400 }).generate(baseRequest)).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect.poll(() => fake.stalls.abandoned).toBe(1);
    await expect.poll(() => fake.interrupts.length).toBe(1);
  });

  it("interrupts the WebUI when the signal aborts mid-run, and stops at once", async () => {
    fake.control.hold = true;
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
    expect(Date.now() - abortedAt).toBeLessThan(500);
    await expect.poll(() => fake.interrupts.length).toBe(1);
    expect(fake.interrupts[0]!.step).toBeGreaterThan(0);
    await expect.poll(() => fake.runs[0]!.outcome).toBe("interrupted");
  });

  it("keeps no half-made image of a run interrupted by someone else", async () => {
    fake.control.hold = true;
    const call = provider().generate(baseRequest);
    await expect.poll(() => fake.progress().sampling_step).toBe(6);
    await fetch(`${fake.url}/sdapi/v1/interrupt`, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from(AUTH).toString("base64")}` },
    });
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRetryableError);
    expect((error as Error).message).toMatch(/interrupted.*not kept/);
    // The next run is not taken for interrupted.
    fake.control.hold = false;
    expect((await provider().generate(baseRequest)).images).toHaveLength(1);
  });

  it("says what it can do", () => {
    const webui = provider();
    expect(webui.capabilities).toMatchObject({
      nativeAlpha: false,
      maxReferences: 1,
      seed: true,
      sizes: { square: "1024×1024", portrait: "832×1216", landscape: "1216×832" },
      detail: { draft: "12 steps, Euler a", standard: "24 steps, Euler a", high: "36 steps, Euler a" },
      cancel: true,
      progress: true,
      edit: { words: true, region: true },
      characterReference: false,
    });
    expect(webui.capabilities.train).toBeUndefined();
    expect(webui.training).toBeUndefined();
    expect(webui.label).toBe(`${providerName("a1111")} the WebUI's loaded checkpoint`);
  });

  it("checks the connection with the checkpoint list, naming the variable to fix", async () => {
    const host = new URL(fake.url).host;
    const signal = () => AbortSignal.timeout(2_000);
    expect(await provider().checkConnection!(signal())).toEqual({
      modelAvailable: true,
      message: `Connected to ${host}: the WebUI answers and draws with ${FAKE_CHECKPOINTS[0]}.`,
    });
    expect(await provider({ model: "dreamshaperXL.safetensors" }).checkConnection!(signal())).toMatchObject({
      modelAvailable: true,
    });
    const missing = await provider({ model: "flux1-dev.safetensors" }).checkConnection!(signal());
    expect(missing).toEqual({
      modelAvailable: false,
      message: `Connected to ${host}, but none of the WebUI's 2 checkpoints is flux1-dev.safetensors. Check A1111_MODEL.`,
    });
    expect(fake.runs).toHaveLength(0);
    await expect(provider({ auth: "motif:wrong" }).checkConnection!(signal())).rejects.toThrow(/A1111_AUTH/);
    await expect(provider({ baseUrl: "http://127.0.0.1:9" }).checkConnection!(signal())).rejects.toThrow(/A1111_URL/);
    await expect(provider({ baseUrl: `${fake.url}/nowhere` }).checkConnection!(signal())).rejects.toThrow(
      /HTTP 404.*--api/,
    );
  });
});

describe("the a1111 plugin", () => {
  const read = (env: Record<string, string>) => {
    const parsed = z.object(a1111Plugin.env).safeParse(env);
    return parsed.success ? a1111Plugin.settings(parsed.data) : parsed.error.issues.map((i) => i.path.join("."));
  };

  it("reads its address (a private one too), sign-in, checkpoint and steps", async () => {
    const settings = read({
      A1111_URL: "http://192.168.1.20:7860",
      A1111_AUTH: "motif:secret",
      A1111_MODEL: "sd_xl_base_1.0.safetensors",
      A1111_STEPS: "8/20/40",
    });
    expect(settings).toMatchObject({
      url: "http://192.168.1.20:7860",
      auth: "motif:secret",
      model: "sd_xl_base_1.0.safetensors",
      steps: { draft: 8, standard: 20, high: 40 },
    });
    const valid = settings as Exclude<typeof settings, string[]>;
    expect(a1111Plugin.required!.isSet(valid)).toBe(true);
    expect(a1111Plugin.address!(valid)).toEqual({ url: "http://192.168.1.20:7860", host: "", variable: null });
    expect(a1111Plugin.secret!(valid)).toBe("motif:secret");
    const built = await a1111Plugin.build(valid, { timeoutMs: 1_000 });
    expect(built.capabilities.detail.standard).toBe("20 steps, Euler a");
  });

  it("defaults its steps to 12/24/36 and refuses others it cannot use", () => {
    expect(read({ A1111_URL: "http://127.0.0.1:7860" })).toMatchObject({
      steps: { draft: 12, standard: 24, high: 36 },
    });
    expect(read({ A1111_URL: "http://127.0.0.1:7860", A1111_STEPS: "12/24" })).toEqual(["A1111_STEPS"]);
    expect(read({ A1111_URL: "ftp://127.0.0.1:7860" })).toEqual(["A1111_URL"]);
    expect(a1111Plugin.required!.isSet(read({}) as never)).toBe(false);
  });
});
