// A pixel-art style makes every image of a model true pixel art: on ComfyUI (the real client against
// a local fake that answers an anti-aliased painting), the stored image is whole blocks of the
// style's grid, in the style's palette, with no half-clear pixel; another style's image is the
// model's as drawn. On both databases.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images, styles } from "#server/db/schema";
import { createComfyUIProvider } from "#server/generation/providers/comfyui.server";
import { loadComfyWorkflow, SHIPPED_COMFY_WORKFLOWS } from "#server/generation/providers/comfyui-workflow.server";
import { startFakeComfyUI, type FakeComfyUI } from "../fakes/comfyui";
import { renderPng } from "../fakes/comfyui/images";
import { testDatabases } from "../support/databases";
import { createStyleThroughApi, runJob, submitObjects } from "../support/factories";
import { pixelsOf } from "../support/pixel-fixtures";
import { setUpSignedInApiWithModel } from "../support/signed-in-api";

describe.each(testDatabases)("a pixel-art style on a model, on $name", (target) => {
  let fake: FakeComfyUI;
  beforeAll(async () => {
    fake = await startFakeComfyUI();
  });
  afterAll(() => fake?.close());
  const comfy = () =>
    createComfyUIProvider({
      baseUrl: fake.url,
      workflow: loadComfyWorkflow(SHIPPED_COMFY_WORKFLOWS.textToImage),
      model: "sd_xl_base_1.0.safetensors",
      timeoutMs: 10_000,
      pollIntervalMs: 10,
    });
  const api = setUpSignedInApiWithModel(target, "ann-pixel-style@example.com", comfy);

  /** The stored file of a one-object set in a new style described so. */
  async function imageInStyle(description: string) {
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie, {
      description,
      model: "comfyui",
      transparent: false,
    });
    const set = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Shield"], transparent: false });
    expect((await runJob(api.server, set.job.id, comfy()))?.status).toBe("succeeded");
    const [image] = await api.database.db.select().from(images).where(eq(images.jobId, set.job.id));
    const [style] = await api.database.db.select().from(styles).where(eq(styles.id, styleId));
    const file = await api.server.services.storage.read(image!.fileKey);
    return { image: image!, palette: style!.palette, pixels: await pixelsOf(file!) };
  }

  it("stores each image as whole 32-px blocks of the style's grid, in its palette, alpha clear or opaque", async () => {
    const { image, palette, pixels } = await imageInStyle("Retro 32×32 pixel art sprites, limited palette");
    expect(image.provider).toBe("comfyui");
    expect([pixels.width, pixels.height]).toEqual([1024, 1024]);
    expect([...pixels.alphas]).toEqual([255]);
    expect(palette.length).toBeGreaterThanOrEqual(2);
    for (const colour of pixels.colours) expect(palette).toContain(colour);
    // A 1024-px image on a 32-px grid: every 32 × 32 block is one colour.
    const at = (x: number, y: number) => pixels.data.readUInt32BE((y * 1024 + x) * 4);
    for (let y = 0; y < 1024; y += 32) {
      for (let x = 0; x < 1024; x += 32) {
        for (const [dx, dy] of [
          [31, 0],
          [0, 31],
          [31, 31],
          [13, 17],
        ] as const) {
          expect(at(x + dx, y + dy), `block at (${x}, ${y})`).toBe(at(x, y));
        }
      }
    }
    // The grid is measured back from the stored image.
    const measured = await api.server.call(`/api/objects/${image.objectId}/pixel-art`, {
      method: "POST",
      cookie: api.user.cookie,
      json: { imageId: image.id, grid: "detect", colours: 64 },
    });
    expect(measured.status).toBe(201);
    expect(((await measured.json()) as { image: { width: number } }).image.width).toBe(32);
  });

  it("leaves another style's image as the model drew it", async () => {
    const { pixels } = await imageInStyle("Soft watercolour illustrations");
    const drawn = await pixelsOf(
      await sharp(await renderPng(1024, 1024))
        .ensureAlpha()
        .png()
        .toBuffer(),
    );
    expect(pixels.colours).toEqual(drawn.colours);
  });
});
