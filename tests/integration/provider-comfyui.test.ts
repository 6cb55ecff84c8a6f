import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { freeLoopbackPort } from "../support/free-port";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generateWithRetries } from "#server/generation/retry.server";
import type { ComfyUIProviderOptions } from "#server/generation/providers/comfyui-client.server";
import { createComfyUIProvider } from "#server/generation/providers/comfyui.server";
import {
  loadComfyWorkflow,
  referenceSlots,
  SHIPPED_COMFY_WORKFLOWS,
  type ComfyWorkflow,
} from "#server/generation/providers/comfyui-workflow.server";
import {
  ProviderError,
  ProviderRetryableError,
  ProviderTimeoutError,
  type GenerateProgress,
  type GenerateRequest,
} from "#server/generation/providers/provider";
import { startFakeComfyUI, type FakeComfyUI } from "../fakes/comfyui";

const textToImage = loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.textToImage);
const img2img = loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.referenceImg2Img);

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

/** Waits for a condition the fake or the client reaches on its own, within a bound. */
async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error("The condition was not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const png = (colour: string, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe("the ComfyUI provider against a local ComfyUI", () => {
  let fake: FakeComfyUI;
  const provider = (options: Partial<ComfyUIProviderOptions> = {}) =>
    createComfyUIProvider({
      baseUrl: fake.url,
      workflow: textToImage,
      referenceWorkflow: img2img,
      model: "sd_xl_base_1.0.safetensors",
      timeoutMs: 10_000,
      pollIntervalMs: 10,
      ...options,
    });

  beforeAll(async () => {
    fake = await startFakeComfyUI();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  it("fills the workflow (numbers as numbers), reports each step in order and returns the PNG of the size asked", async () => {
    const progress: GenerateProgress[] = [];
    const comfy = provider();
    expect(comfy).toMatchObject({ id: "comfyui", label: "ComfyUI sd_xl_base_1.0.safetensors" });
    expect(comfy.capabilities).toMatchObject({
      nativeAlpha: false,
      maxReferences: 2,
      seed: true,
      progress: true,
      cancel: true,
      sizes: { square: "1024×1024", portrait: "832×1248", landscape: "1248×832" },
      detail: { draft: "12 steps", standard: "24 steps", high: "40 steps" },
    });

    const result = await comfy.generate({
      ...baseRequest,
      size: "portrait",
      onProgress: (p) => progress.push(p),
    });

    expect(fake.prompts).toHaveLength(1);
    const { prompt, clientId } = fake.prompts[0]!;
    expect(prompt["3"]!.inputs).toMatchObject({ seed: 42, steps: 12, denoise: 1 });
    expect(prompt["5"]!.inputs).toMatchObject({ width: 832, height: 1248, batch_size: 1 });
    expect(prompt["6"]!.inputs!.text).toBe(baseRequest.prompt);
    expect(prompt["7"]!.inputs!.text).toMatch(/blurry/);
    // The socket was open before the prompt was queued, so no message could be missed.
    expect(fake.calls.indexOf(`WS /ws?clientId=${clientId}`)).toBeGreaterThanOrEqual(0);
    expect(fake.calls.indexOf(`WS /ws?clientId=${clientId}`)).toBeLessThan(fake.calls.indexOf("POST /prompt"));
    expect(progress).toEqual(Array.from({ length: 12 }, (_, i) => ({ step: i + 1, steps: 12 })));
    expect(result.images).toHaveLength(1);
    expect(result.images[0]!.format).toBe("png");
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([832, 1248, "png"]);
    // Finished with: the socket is closed.
    await waitUntil(() => fake.openSockets().length === 0);
  });

  it("maps detail to steps and makes n images with successive seeds", async () => {
    const result = await provider().generate({ ...baseRequest, detail: "high", n: 2, seed: 7 });
    expect(result.images).toHaveLength(2);
    expect(fake.prompts.map((p) => p.prompt["3"]!.inputs)).toMatchObject([
      { seed: 7, steps: 40 },
      { seed: 8, steps: 40 },
    ]);
  });

  it("uploads references and puts their file names in the reference workflow; one reference fills both slots", async () => {
    const [amber, teal] = await Promise.all([png("#f4a23c"), png("#2a9d8f")]);
    await provider().generate({
      ...baseRequest,
      references: [
        { data: amber, mimeType: "image/png" },
        { data: teal, mimeType: "image/png" },
      ],
    });
    expect(fake.uploads.map((u) => [u.type, u.overwrite])).toEqual([
      ["input", "true"],
      ["input", "true"],
    ]);
    expect(fake.uploads[0]!.data.equals(amber)).toBe(true);
    expect(fake.uploads[1]!.data.equals(teal)).toBe(true);
    const [first] = fake.prompts;
    expect(first!.prompt["10"]!.inputs!.image).toBe(fake.uploads[0]!.name);
    expect(first!.prompt["13"]!.inputs!.image).toBe(fake.uploads[1]!.name);
    expect(first!.prompt["11"]!.inputs).toMatchObject({ width: 1024, height: 1024 });
    expect(first!.prompt["3"]!.inputs).toMatchObject({ seed: 42, denoise: 0.8 });

    const reused = await provider().generate({ ...baseRequest, references: [{ data: teal, mimeType: "image/png" }] });
    expect(reused.notes).toEqual(["The ComfyUI workflow takes 2 reference images; the 1 given filled them in turn."]);
    const second = fake.prompts[1]!.prompt;
    expect(second["10"]!.inputs!.image).toBe(fake.uploads[2]!.name);
    expect(second["13"]!.inputs!.image).toBe(fake.uploads[2]!.name);

    // Without references, the text-to-image workflow; without a reference workflow, references are not sent.
    await provider().generate(baseRequest);
    await provider({ referenceWorkflow: undefined }).generate({
      ...baseRequest,
      references: [{ data: teal, mimeType: "image/png" }],
    });
    expect(fake.prompts.slice(2).map((p) => "5" in p.prompt)).toEqual([true, true]);
    expect(fake.uploads).toHaveLength(3);
    expect(provider({ referenceWorkflow: undefined }).capabilities.maxReferences).toBe(0);
  });

  it("says which node ComfyUI refused and why, as a plain provider error", async () => {
    const unknownNode: ComfyWorkflow = { ...textToImage, "3": { ...textToImage["3"]!, class_type: "FancySampler" } };
    const refused = provider({ workflow: unknownNode }).generate(baseRequest);
    await expect(refused).rejects.toBeInstanceOf(ProviderError);
    await expect(refused).rejects.toThrow(
      "ComfyUI refused the workflow: Cannot execute because node FancySampler does not exist. Node ID '#3'",
    );

    fake.control.checkpoints = ["juggernautXL_v9.safetensors"];
    const missing = provider().generate(baseRequest);
    await expect(missing).rejects.toBeInstanceOf(ProviderError);
    await expect(missing).rejects.not.toBeInstanceOf(ProviderRetryableError);
    await expect(missing).rejects.toThrow(
      "node 4 (CheckpointLoaderSimple): Value not in list: ckpt_name: 'sd_xl_base_1.0.safetensors' not in",
    );
    expect(fake.prompts).toHaveLength(0);
  });

  it("turns an execution error into a provider error naming the node, and running out of GPU memory into a retryable one", async () => {
    fake.control.failExecution = {
      count: 1,
      exceptionType: "RuntimeError",
      message: "mat1 and mat2 shapes cannot be multiplied (154x2048 and 768x320)\nmore",
    };
    const failed = provider().generate(baseRequest);
    await expect(failed).rejects.toBeInstanceOf(ProviderError);
    await expect(failed).rejects.toThrow(
      "ComfyUI could not run node 3 (KSampler): mat1 and mat2 shapes cannot be multiplied (154x2048 and 768x320)",
    );

    fake.control.failExecution = {
      count: 1,
      exceptionType: "torch.OutOfMemoryError",
      message: "Allocation on device 0 would exceed allowed memory. (out of memory)",
    };
    await expect(provider().generate(baseRequest)).rejects.toBeInstanceOf(ProviderRetryableError);
  });

  it("retries a 503 from /prompt through the engine's retries, then succeeds", async () => {
    fake.control.failNext = { status: 503, count: 1 };
    const result = await generateWithRetries(
      provider(),
      baseRequest,
      { maxAttempts: 3, backoffMs: () => 1, timeoutMs: 10_000 },
      async () => true,
    );
    expect(result?.images).toHaveLength(1);
    expect(fake.calls.filter((c) => c === "POST /prompt")).toHaveLength(2);
    expect(fake.prompts).toHaveLength(1);

    fake.control.failNext = { status: 500, count: 5 };
    await expect(provider().generate(baseRequest)).rejects.toBeInstanceOf(ProviderRetryableError);
  });

  it("treats a ComfyUI that does not answer as retryable", async () => {
    const gone = provider({ baseUrl: `http://127.0.0.1:${await freeLoopbackPort()}` });
    await expect(gone.generate(baseRequest)).rejects.toBeInstanceOf(ProviderRetryableError);
  });

  it("interrupts a prompt that outlives its deadline", async () => {
    fake.control.stall = true;
    const started = Date.now();
    await expect(provider({ timeoutMs: 300 }).generate(baseRequest)).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(Date.now() - started).toBeLessThan(2_000);
    await waitUntil(() => fake.interrupts.length === 1);
    expect(fake.interrupts).toEqual([{ promptId: fake.prompts[0]!.promptId, interrupted: fake.prompts[0]!.promptId }]);
    await waitUntil(() => fake.queue().running === null);
  });

  it("stops the GPU when the caller aborts mid-image: interrupted, rejected at once, socket closed", async () => {
    fake.control.holdAtStep = 3;
    const progress: GenerateProgress[] = [];
    const controller = new AbortController();
    const call = provider().generate({
      ...baseRequest,
      signal: controller.signal,
      onProgress: (p) => progress.push(p),
    });
    const outcome = call.then(
      () => "resolved",
      (error: unknown) => error,
    );
    await waitUntil(() => progress.length === 3);
    const aborted = Date.now();
    controller.abort();
    const error = await outcome;
    expect(Date.now() - aborted).toBeLessThan(500);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe("AbortError");
    await waitUntil(() => fake.interrupts.length === 1);
    const { promptId } = fake.prompts[0]!;
    expect(fake.interrupts).toEqual([{ promptId, interrupted: promptId }]);
    await waitUntil(() => fake.openSockets().length === 0 && fake.queue().running === null);
    expect(progress.map((p) => p.step)).toEqual([1, 2, 3]);
  });

  it("removes a prompt still waiting in ComfyUI's queue instead of interrupting the one running", async () => {
    fake.control.holdAtStep = 2;
    const first = provider().generate(baseRequest);
    await waitUntil(() => fake.progressSent.length === 2);
    const controller = new AbortController();
    const second = provider().generate({ ...baseRequest, seed: 9, signal: controller.signal });
    const secondOutcome = second.catch((error: unknown) => error);
    await waitUntil(() => fake.queue().pending.length === 1);
    const waiting = fake.queue().pending[0]!;
    controller.abort();
    expect(await secondOutcome).toBeInstanceOf(Error);
    await waitUntil(() => fake.deletions.length === 1);
    expect(fake.deletions).toEqual([waiting]);
    expect(fake.interrupts).toEqual([]);
    fake.release();
    expect((await first).images).toHaveLength(1);
  });

  it("falls back to reading /history when the WebSocket drops mid-image", async () => {
    Object.assign(fake.control, { dropSocketAtStep: 2, stepDelayMs: 5 });
    const progress: number[] = [];
    const result = await provider().generate({ ...baseRequest, onProgress: (p) => progress.push(p.step) });
    expect(progress).toEqual([1, 2]);
    expect(fake.calls.filter((c) => c.startsWith("GET /history/")).length).toBeGreaterThanOrEqual(1);
    const meta = await sharp(result.images[0]!.data).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 1024]);
  });

  it("sends the Authorization header on every request and the WebSocket", async () => {
    fake.control.requireAuthorization = "Bearer s3cret";
    const progress: number[] = [];
    await provider({ authHeader: "Bearer s3cret" }).generate({
      ...baseRequest,
      references: [{ data: await png("#264653"), mimeType: "image/png" }],
      onProgress: (p) => progress.push(p.step),
    });
    expect(progress).toHaveLength(12);
    await expect(provider().generate(baseRequest)).rejects.toThrow("refused Motif's credentials (HTTP 401)");
  });

  it("checks the connection for free: the service, the GPU and whether the checkpoint is installed", async () => {
    const probe = await provider().checkConnection!(AbortSignal.timeout(5_000));
    expect(probe.modelAvailable).toBe(true);
    expect(probe.message).toContain("ComfyUI 0.3.66 answers at 127.0.0.1:");
    expect(probe.message).toContain("NVIDIA GeForce RTX 4090");
    expect(probe.message).toContain("sd_xl_base_1.0.safetensors");

    fake.control.checkpoints = ["juggernautXL_v9.safetensors"];
    const missing = await provider().checkConnection!(AbortSignal.timeout(5_000));
    expect(missing.modelAvailable).toBe(false);
    expect(missing.message).toMatch(/sd_xl_base_1\.0\.safetensors that COMFYUI_WORKFLOW loads is not installed/);
    expect(fake.prompts).toHaveLength(0);

    const gone = provider({ baseUrl: `http://127.0.0.1:${await freeLoopbackPort()}` });
    await expect(gone.checkConnection!(AbortSignal.timeout(5_000))).rejects.toThrow(
      /ComfyUI did not answer at 127\.0\.0\.1:\d+ \(ECONNREFUSED\): check COMFYUI_URL/,
    );
    fake.control.requireAuthorization = "Bearer s3cret";
    await expect(provider().checkConnection!(AbortSignal.timeout(5_000))).rejects.toThrow("HTTP 401");
  });
});

describe("ComfyUI workflow files", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "motif-comfy-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: unknown) => {
    const at = path.join(dir, name);
    writeFileSync(at, typeof content === "string" ? content : JSON.stringify(content));
    return at;
  };

  it("loads the shipped workflows, counting their reference slots", () => {
    expect(referenceSlots(textToImage)).toBe(0);
    expect(referenceSlots(img2img)).toBe(2);
  });

  it.each([
    ["not JSON", "{ nope", "is not valid JSON"],
    ["the editor format", { nodes: [], links: [], version: 0.4 }, "export it with Workflow → Export (API)"],
    ["no nodes", {}, "is not in ComfyUI's API format"],
    ["a node without class_type", { "1": { inputs: {} } }, "is not in ComfyUI's API format"],
    [
      "no {{prompt}}",
      { ...textToImage, "6": { class_type: "CLIPTextEncode", inputs: { text: "a cat" } } },
      'has no {{prompt}} placeholder: put "{{prompt}}" as the text of the positive CLIPTextEncode node',
    ],
    [
      "no SaveImage",
      { ...textToImage, "9": { class_type: "PreviewImage", inputs: { images: ["8", 0] } } },
      "has no SaveImage node",
    ],
    [
      "an unknown placeholder",
      { ...textToImage, "3": { ...textToImage["3"]!, inputs: { ...textToImage["3"]!.inputs, cfg: "{{cfg}}" } } },
      "{{cfg}} in node 3 (KSampler), input cfg is not a placeholder Motif knows",
    ],
    [
      "{{reference_2}} without {{reference_1}}",
      { ...textToImage, "10": { class_type: "LoadImage", inputs: { image: "{{reference_2}}" } } },
      "uses {{reference_2}} but not {{reference_1}}",
    ],
  ])("refuses a workflow with %s, naming the problem", (name, content, message) => {
    const at = file(`${name.replace(/\W+/g, "-")}.json`, content);
    expect(() => loadComfyWorkflow(at)).toThrow(message);
    expect(() => loadComfyWorkflow(at)).toThrow(at);
  });

  it("fills a placeholder inside a longer text as text", async () => {
    const fake = await startFakeComfyUI();
    try {
      const workflow = loadComfyWorkflow(
        file("styled.json", {
          ...textToImage,
          "6": { class_type: "CLIPTextEncode", inputs: { text: "{{prompt}}, seed {{seed}}", clip: ["4", 1] } },
        }),
      );
      await createComfyUIProvider({ baseUrl: fake.url, workflow, model: "sdxl", timeoutMs: 10_000 }).generate(
        baseRequest,
      );
      expect(fake.prompts[0]!.prompt["6"]!.inputs!.text).toBe(`${baseRequest.prompt}, seed 42`);
    } finally {
      await fake.close();
    }
  });
});
