// Editing an object's image with words and repainting a painted region on ComfyUI (the shipped
// edit and inpaint workflows), through the API and the engine, the real client against a local
// fake that checks what it is sent: the base uploaded, a mask of the base's size, white where
// painted. Success is paid once; an execution error, a 5xx, a timeout and a cancel are each
// refunded exactly once. On both databases.
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createComfyUIProvider } from "#server/generation/providers/comfyui.server";
import {
  loadComfyWorkflow,
  SHIPPED_COMFY_WORKFLOWS,
  type ComfyWorkflow,
} from "#server/generation/providers/comfyui-workflow.server";
import { startFakeComfyUI, type FakeComfyUI } from "../fakes/comfyui";
import { testDatabases } from "../support/databases";
import { runJob } from "../support/factories";
import { setUpSignedInApiWithModel } from "../support/signed-in-api";
import { editsThroughApi, PAINTED, paintedSquare, sha256 } from "./image-edits-providers-helpers";

describe.each(testDatabases)("editing and repainting on ComfyUI, on $name", (target) => {
  let fake: FakeComfyUI;
  beforeAll(async () => {
    fake = await startFakeComfyUI();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake.reset());

  const shipped = {
    textToImage: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.textToImage),
    edit: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.edit),
    inpaint: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.inpaint),
  };
  const comfy = () =>
    createComfyUIProvider({
      baseUrl: fake.url,
      workflow: shipped.textToImage,
      editWorkflow: shipped.edit,
      inpaintWorkflow: shipped.inpaint,
      model: "sd_xl_base_1.0.safetensors",
      timeoutMs: 10_000,
      pollIntervalMs: 10,
    });
  const api = setUpSignedInApiWithModel(target, "ann-comfy-edits@example.com", comfy);
  const edits = editsThroughApi(api);
  const nodeTypes = (workflow: Record<string, { class_type?: unknown }>) =>
    Object.fromEntries(Object.entries(workflow).map(([id, node]) => [id, node.class_type]));
  const uploaded = (name: unknown) => fake.uploads.find((upload) => upload.name === name);

  it("edits with words through the shipped edit workflow: the base uploaded and loaded by its LoadImage node", async () => {
    const object = await edits.oneObject();
    const base = object.images[0]!;
    const before = await edits.balance();
    const job = await edits.submitEdit(object, { instruction: "wearing a red scarf" });
    expect(job.provider).toBe("comfyui");
    expect((await runJob(api.server, job.id, comfy()))?.status).toBe("succeeded");

    expect(fake.prompts).toHaveLength(1);
    const { prompt } = fake.prompts[0]!;
    expect(nodeTypes(prompt)).toEqual(nodeTypes(shipped.edit as ComfyWorkflow));
    expect(prompt["6"]!.inputs!.text).toContain("wearing a red scarf");
    expect(prompt["11"]!.inputs).toMatchObject({ width: 1024, height: 1024 });
    const file = uploaded(prompt["10"]!.inputs!.image);
    expect(file).toBeDefined();
    expect(sha256(file!.data)).toBe(sha256(await edits.fileOf(base.url)));
    // An edit sends no mask and no references.
    expect(fake.uploads).toHaveLength(1);

    const edited = await edits.madeImage(object, job, before);
    expect(edited.lineage).toMatchObject({ operation: "edited", parentImageId: base.id });
  });

  it("repaints a region through the shipped inpaint workflow: the mask uploaded at the base's size and loaded by LoadImageMask", async () => {
    const object = await edits.oneObject();
    const base = object.images[0]!;
    const before = await edits.balance();
    const job = await edits.submitEdit(object, {
      instruction: "a golden crown",
      mask: await paintedSquare(base, PAINTED),
    });
    expect((await runJob(api.server, job.id, comfy()))?.status).toBe("succeeded");

    expect(fake.prompts).toHaveLength(1);
    const { prompt } = fake.prompts[0]!;
    expect(nodeTypes(prompt)).toEqual(nodeTypes(shipped.inpaint as ComfyWorkflow));
    expect(prompt["13"]!.inputs!.channel).toBe("red");
    const image = uploaded(prompt["10"]!.inputs!.image);
    const mask = uploaded(prompt["13"]!.inputs!.image);
    expect(sha256(image!.data)).toBe(sha256(await edits.fileOf(base.url)));
    const { data, info } = await sharp(mask!.data).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([base.width, base.height]);
    expect(data.filter((value) => value >= 128).length).toBe(PAINTED.side ** 2);
    expect(data[(PAINTED.y + 10) * base.width + PAINTED.x + 10]).toBe(255);
    expect(data[0]).toBe(0);

    const repainted = await edits.madeImage(object, job, before);
    expect(repainted.lineage).toMatchObject({ operation: "repainted", parentImageId: base.id });
    await edits.expectKeptOutsideRegion(base, repainted.url);
  });

  describe("when ComfyUI fails, every credit comes back once and nothing is stored", () => {
    it("an execution error in the workflow, not retried", async () => {
      fake.control.failExecution = {
        count: 1,
        exceptionType: "RuntimeError",
        message: "CUDA error: device-side assert",
      };
      await edits.failedEdit("failed", (id) => runJob(api.server, id, comfy()), { repaint: true });
      expect(fake.prompts).toHaveLength(1);
    });

    it.each([
      ["an edit", false],
      ["a repaint", true],
    ])("%s whose POST /prompt answers 500 on every attempt", async (_, repaint) => {
      fake.control.failNext = { status: 500, count: 100 };
      await edits.failedEdit("failed", (id) => runJob(api.server, id, comfy()), { repaint });
      expect(fake.calls.filter((call) => call === "POST /prompt")).toHaveLength(2);
      expect(fake.prompts).toHaveLength(0);
    });

    it.each([
      ["an edit", false],
      ["a repaint", true],
    ])("%s whose prompt never finishes, interrupted on ComfyUI at the deadline", async (_, repaint) => {
      fake.control.stall = true;
      await edits.failedEdit("failed", (id) => edits.runWithDeadline(id, comfy()), { repaint });
      expect(fake.prompts).toHaveLength(1);
      const promptId = fake.prompts[0]!.promptId;
      await expect.poll(() => fake.interrupts).toEqual([{ promptId, interrupted: promptId }]);
      await expect.poll(() => fake.queue()).toEqual({ running: null, pending: [] });
    });

    it("a cancel while the prompt runs, which interrupts it on ComfyUI", async () => {
      fake.control.holdAtStep = 2;
      try {
        await edits.failedEdit("canceled", (id) =>
          edits.cancelWhen(id, runJob(api.server, id, comfy()), () => fake.progressSent.length === 2),
        );
        const promptId = fake.prompts[0]!.promptId;
        await expect.poll(() => fake.interrupts).toEqual([{ promptId, interrupted: promptId }]);
        expect(fake.prompts).toHaveLength(1);
      } finally {
        fake.release();
      }
    });
  });
});
