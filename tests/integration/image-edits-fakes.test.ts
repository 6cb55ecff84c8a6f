// The fakes the image-edits tests run against refuse what the real services would: fal's Fill a
// mask of another size than its image, or an image its storage did not serve; ComfyUI's inpaint
// workflow a mask that is not the image's size.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createComfyUIProvider } from "#server/generation/providers/comfyui.server";
import { loadComfyWorkflow, SHIPPED_COMFY_WORKFLOWS } from "#server/generation/providers/comfyui-workflow.server";
import { createFalProvider, DEFAULT_FAL_MODEL } from "#server/generation/providers/fal.server";
import { ProviderError, type EditRequest } from "#server/generation/providers/provider";
import { startFakeComfyUI } from "../fakes/comfyui";
import { startFakeFal } from "../fakes/fal-api";

describe("the fakes refuse what the real services would", () => {
  const png = (width: number, height: number, background = "#2a9d8f") =>
    sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer();
  const editRequest = async (mask: Buffer | null): Promise<EditRequest> => ({
    prompt: "a golden crown",
    size: "square",
    detail: "draft",
    transparent: false,
    references: [],
    seed: 7,
    n: 1,
    palette: [],
    base: { data: await png(64, 64), mimeType: "image/png" },
    mask,
  });

  it("fal: Fill refuses a mask of another size than its image (422), and an image its storage did not serve", async () => {
    const fake = await startFakeFal();
    try {
      const fal = createFalProvider({ key: fake.key, model: DEFAULT_FAL_MODEL, baseUrl: fake.url, timeoutMs: 5_000 });
      const error = await fal.edit!(await editRequest(await png(32, 32, "#ffffff"))).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as Error).message).toMatch(/HTTP 422.*mask must be the same size as the image/);
      expect(fake.submissions).toHaveLength(0);

      const submitted = await fetch(`${fake.url}/fal-ai/flux-pro/v1/fill`, {
        method: "POST",
        headers: { Authorization: `Key ${fake.key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ prompt: "a crown", image_url: "https://example.com/a.png" }),
      });
      expect(submitted.status).toBe(422);
      expect(await submitted.json()).toEqual({
        detail: [{ loc: ["body", "mask_url"], msg: "Field required", type: "missing" }],
      });
    } finally {
      await fake.close();
    }
  });

  it("ComfyUI: the inpaint workflow fails in VAEEncodeForInpaint when the mask is not the image's size", async () => {
    const fake = await startFakeComfyUI();
    try {
      const comfy = createComfyUIProvider({
        baseUrl: fake.url,
        workflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.textToImage),
        inpaintWorkflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.inpaint),
        model: "sd_xl_base_1.0.safetensors",
        timeoutMs: 10_000,
        pollIntervalMs: 10,
      });
      const error = await comfy.edit!(await editRequest(await png(32, 32, "#ffffff"))).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as Error).message).toMatch(/node 12 \(VAEEncodeForInpaint\).*mask is 32x32.*64x64/);

      // The same at the image's size runs, and makes an image of the loaded image's size.
      const made = await comfy.edit!(await editRequest(await png(64, 64, "#ffffff")));
      const meta = await sharp(made.images[0]!.data).metadata();
      expect([meta.width, meta.height]).toEqual([64, 64]);
    } finally {
      await fake.close();
    }
  });
});
