// The fakes the AI upscale tests run against refuse what the real services would: fal's ESRGAN an
// image its storage did not serve or a scale outside 1 to 8; ComfyUI an upscale model that is not
// installed or a scale_by that is not a number. Through the providers, each answers one opaque image.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createComfyUIProvider } from "#server/generation/providers/comfyui.server";
import { loadComfyWorkflow, SHIPPED_COMFY_WORKFLOWS } from "#server/generation/providers/comfyui-workflow.server";
import { createFalProvider, DEFAULT_FAL_MODEL } from "#server/generation/providers/fal.server";
import { startFakeComfyUI } from "../fakes/comfyui";
import { startFakeFal } from "../fakes/fal-api";
import { transparentPicture } from "./ai-upscale-helpers";

describe("the fakes refuse what the real services would", () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer();

  it("fal: ESRGAN needs an image its storage served and a scale from 1 to 8 (422), and answers one opaque image", async () => {
    const fake = await startFakeFal();
    try {
      const submit = (input: Record<string, unknown>) =>
        fetch(`${fake.url}/fal-ai/esrgan`, {
          method: "POST",
          headers: { Authorization: `Key ${fake.key}`, "Content-Type": "application/json" },
          body: JSON.stringify(input),
        });
      const refused = async (input: Record<string, unknown>) => {
        const response = await submit(input);
        expect(response.status).toBe(422);
        return ((await response.json()) as { detail: { loc: unknown[]; type: string }[] }).detail;
      };
      expect(await refused({ scale: 2 })).toEqual([
        { loc: ["body", "image_url"], msg: "Field required", type: "missing" },
      ]);
      expect(await refused({ image_url: "https://example.com/a.png", scale: 2 })).toMatchObject([
        { loc: ["body", "image_url"], type: "file_download_error" },
      ]);
      for (const scale of [0.5, 9, "4"]) {
        expect((await refused({ image_url: "https://example.com/a.png", scale }))[0]!.loc).toEqual(["body", "scale"]);
      }
      expect(fake.submissions).toHaveLength(0);

      // Through the provider: a see-through image comes back opaque, 4 times its size.
      const fal = createFalProvider({
        key: fake.key,
        model: DEFAULT_FAL_MODEL,
        baseUrl: fake.url,
        timeoutMs: 5_000,
        pollIntervalMs: 5,
      });
      const result = await fal.upscale!({
        image: { data: await transparentPicture(40, 30), mimeType: "image/png" },
        factor: 4,
      });
      const meta = await sharp(result.images[0]!.data).metadata();
      expect([meta.width, meta.height, meta.hasAlpha]).toEqual([160, 120, false]);
      expect(fake.submissions[0]).toMatchObject({ scale: 4, image: { width: 40, height: 30, hasAlpha: true } });
    } finally {
      await fake.close();
    }
  });

  it("ComfyUI: an upscale model not installed and a scale_by that is not a number are refused at /prompt", async () => {
    const fake = await startFakeComfyUI();
    try {
      const upscaleWorkflow = loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.upscale, {
        variable: "COMFYUI_UPSCALE_WORKFLOW",
        needsPrompt: false,
      });
      const upload = new FormData();
      upload.set("image", new Blob([new Uint8Array(await png(64, 48))], { type: "image/png" }), "in.png");
      await fetch(`${fake.url}/upload/image`, { method: "POST", body: upload });
      const queue = (prompt: unknown) =>
        fetch(`${fake.url}/prompt`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ prompt }),
        });
      const filled = (changes: { model?: string; scaleBy?: unknown }) => ({
        ...upscaleWorkflow,
        "1": { ...upscaleWorkflow["1"]!, inputs: { image: "in.png" } },
        "2": {
          ...upscaleWorkflow["2"]!,
          inputs: { model_name: changes.model ?? "RealESRGAN_x4plus.pth" },
        },
        "4": {
          ...upscaleWorkflow["4"]!,
          inputs: { ...upscaleWorkflow["4"]!.inputs, scale_by: changes.scaleBy ?? 0.5 },
        },
      });

      const missing = await queue(filled({ model: "4x-UltraSharp.pth" }));
      expect(missing.status).toBe(400);
      const missingBody = (await missing.json()) as { node_errors: Record<string, { errors: { type: string }[] }> };
      expect(missingBody.node_errors["2"]!.errors[0]!.type).toBe("value_not_in_list");

      const text = await queue(filled({ scaleBy: "half" }));
      expect(text.status).toBe(400);
      const textBody = (await text.json()) as {
        node_errors: Record<string, { errors: { type: string; message: string }[] }>;
      };
      expect(textBody.node_errors["4"]!.errors[0]).toMatchObject({
        type: "invalid_input_type",
        message: "Failed to convert an input value to a FLOAT value",
      });
      expect(fake.prompts).toHaveLength(0);

      // Through the provider: ×4 is the model's ×4 at scale_by 1, from the loaded image's size.
      const comfy = createComfyUIProvider({
        baseUrl: fake.url,
        workflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.textToImage),
        upscaleWorkflow,
        model: "sd_xl_base_1.0.safetensors",
        timeoutMs: 10_000,
        pollIntervalMs: 10,
      });
      const made = await comfy.upscale!({ image: { data: await png(64, 48), mimeType: "image/png" }, factor: 4 });
      const meta = await sharp(made.images[0]!.data).metadata();
      expect([meta.width, meta.height, meta.hasAlpha]).toEqual([256, 192, false]);
      expect(fake.prompts[0]!.prompt["4"]!.inputs!.scale_by).toBe(1);
    } finally {
      await fake.close();
    }
  });
});
