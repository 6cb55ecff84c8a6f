// AI upscale of an object's image on ComfyUI (the shipped upscale workflow), through the API and
// the engine, the real client against a local fake that checks what it is sent: the picture
// uploaded opaque at the source's size; Motif sizes the answer to exactly ×2 and puts the source's
// alpha back. Success is paid once; a model that is not installed and a cancel are each refunded
// exactly once. On both databases.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createComfyUIProvider } from "#server/generation/providers/comfyui.server";
import { loadComfyWorkflow, SHIPPED_COMFY_WORKFLOWS } from "#server/generation/providers/comfyui-workflow.server";
import { startFakeComfyUI, type FakeComfyUI } from "../fakes/comfyui";
import { testDatabases } from "../support/databases";
import { runJob } from "../support/factories";
import { setUpSignedInApiWithModel } from "../support/signed-in-api";
import { upscalesThroughApi } from "./ai-upscale-helpers";

describe.each(testDatabases)("AI upscale on ComfyUI (the shipped upscale workflow), on $name", (target) => {
  let fake: FakeComfyUI;
  beforeAll(async () => {
    fake = await startFakeComfyUI();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  const upscaleWorkflow = loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.upscale, {
    variable: "COMFYUI_UPSCALE_WORKFLOW",
    needsPrompt: false,
  });
  const comfy = () =>
    createComfyUIProvider({
      baseUrl: fake.url,
      workflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.textToImage),
      upscaleWorkflow,
      model: "sd_xl_base_1.0.safetensors",
      timeoutMs: 10_000,
      pollIntervalMs: 10,
    });
  const api = setUpSignedInApiWithModel(target, "ann-comfy-upscale@example.com", comfy);
  const upscales = upscalesThroughApi(api);
  const prompts = () => fake.calls.filter((call) => call === "POST /prompt").length;

  it("upscales ×2: the image uploaded opaque and loaded by LoadImage, scale_by 0.5 after the ×4 model; exactly 2×", async () => {
    const object = await upscales.transparentObject();
    const source = object.images[0]!;
    const before = await upscales.balance();
    const job = await upscales.submitUpscale(object, { factor: 2, model: "comfyui" });
    expect(job.provider).toBe("comfyui");
    expect((await runJob(api.server, job.id, comfy()))?.status).toBe("succeeded");

    expect(fake.prompts).toHaveLength(1);
    const { prompt } = fake.prompts[0]!;
    expect(prompt["2"]!.inputs).toMatchObject({ model_name: "RealESRGAN_x4plus.pth" });
    expect(prompt["4"]!.inputs).toMatchObject({ scale_by: 0.5, upscale_method: "lanczos", image: ["3", 0] });
    expect(fake.uploads).toHaveLength(1);
    const [upload] = fake.uploads;
    expect(prompt["1"]!.inputs!.image).toBe(upload!.name);
    const meta = await sharp(upload!.data).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([source.width, source.height, false]);
    // The upscale model reported its tiles as progress.
    expect(fake.progressSent.length).toBeGreaterThan(0);

    const made = await upscales.madeImage(object, job, before, 2);
    await upscales.expectAlphaKept(made);
  });

  describe("when ComfyUI fails, every credit comes back once and nothing is stored", () => {
    it("an upscale model that is not installed: ComfyUI refuses the workflow, not retried", async () => {
      const object = await upscales.transparentObject();
      fake.control.upscaleModels = ["4x-UltraSharp.pth"];
      const row = await upscales.failedUpscale(object, (id) => runJob(api.server, id, comfy()));
      expect(row.status).toBe("failed");
      expect(prompts()).toBe(1);
      expect(fake.prompts).toHaveLength(0);
    });

    it("a cancel while the prompt runs, which interrupts it on ComfyUI", async () => {
      const object = await upscales.transparentObject();
      fake.control.holdAtStep = 2;
      try {
        const row = await upscales.failedUpscale(object, (id) =>
          upscales.cancelWhen(id, runJob(api.server, id, comfy()), () => fake.progressSent.length === 2),
        );
        expect(row.status).toBe("canceled");
        const promptId = fake.prompts[0]!.promptId;
        await expect.poll(() => fake.interrupts).toEqual([{ promptId, interrupted: promptId }]);
        expect(fake.prompts).toHaveLength(1);
      } finally {
        fake.release();
      }
    });
  });
});
