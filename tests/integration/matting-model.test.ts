// An operator's matting model (MATTE_MODEL_PATH): a real ONNX model, run by onnxruntime-node,
// replaces the colour-distance alpha in the engine's matte and in "Remove background", which
// then also takes a background that is not flat. A model that is missing or cannot be
// loaded stops the start, naming the variable.
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ObjectImageView } from "#domain/objects";
import { ConfigError } from "#server/config.server";
import { parseConfig } from "#server/configuration.server";
import { images } from "#server/db/schema";
import { NOT_FLAT_MESSAGE } from "#server/generation/pipeline/remove-background.server";
import {
  loadConfiguredMattingModel,
  loadMattingModel,
  type MattingModel,
} from "#server/generation/pipeline/matting-model.server";
import { createOfflineProvider } from "#server/generation/providers/offline.server";
import type { ImageProvider } from "#server/generation/providers/provider";
import { providerRegistry } from "#server/generation/providers/registry.server";
import { runGenerationJob } from "#server/generation/run-job.server";
import { testDatabases } from "../support/databases";
import {
  balanceOf,
  createStyleThroughApi,
  json,
  ledgerSum,
  objectWithImage,
  submitObjects,
} from "../support/factories";
import { compositeOverBackground, renderSubject, scoreMatte } from "../support/matte-fixtures";
import { setUpSignedInApi } from "../support/signed-in-api";
import { writeTinyMattingModel, type TinyMattingModelOptions } from "../support/tiny-matting-model";

/** Light grey to white: what the tiny model below takes for background. */
const GREY = { r: 212, g: 212, b: 212 };
// Everything within 0.45 (0–1 RGB units) of mid-grey is background: the whole gradient below.
const MODEL: TinyMattingModelOptions = { background: GREY, threshold: 0.45, gain: 60, size: "dynamic" };

/** A red disc (radius 60) over a top-to-bottom gradient from 170 to 255 grey: no single background colour. */
async function discOnGradient(): Promise<Buffer> {
  const size = 256;
  const rgb = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    const grey = Math.round(170 + (85 * y) / (size - 1));
    for (let x = 0; x < size; x++) {
      const inside = Math.min(1, Math.max(0, 60.5 - Math.hypot(x - 128, y - 128)));
      const pixel = [200, 30, 40].map((c) => Math.round(inside * c + (1 - inside) * grey));
      rgb.set(pixel, (y * size + x) * 3);
    }
  }
  return sharp(rgb, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

let modelDir = "";
let modelFile = "";
let model: MattingModel;
beforeAll(async () => {
  modelFile = writeTinyMattingModel(MODEL);
  modelDir = path.dirname(modelFile);
  model = await loadMattingModel(modelFile);
});
afterAll(() => rmSync(modelDir, { recursive: true, force: true }));

describe("MATTE_MODEL_PATH", () => {
  it("refuses a path where there is no file, naming the variable", () => {
    expect(() => parseConfig({ MATTE_MODEL_PATH: path.join(modelDir, "missing.onnx") })).toThrow(ConfigError);
    expect(() => parseConfig({ MATTE_MODEL_PATH: modelDir })).toThrow(/MATTE_MODEL_PATH: must name an .onnx model/);
  });

  it("refuses at start a file onnxruntime cannot load, naming the variable", async () => {
    const corrupt = path.join(modelDir, "corrupt.onnx");
    writeFileSync(corrupt, Buffer.from("PK\u0003\u0004 this is a zip, not a model"));
    const config = parseConfig({ MATTE_MODEL_PATH: corrupt });
    expect(config.matting).toEqual({ modelPath: corrupt, normalisation: "imagenet" });
    const loading = loadConfiguredMattingModel(config.matting!);
    await expect(loading).rejects.toThrow(ConfigError);
    await expect(loading).rejects.toThrow(
      /^Invalid configuration:\n {2}- MATTE_MODEL_PATH: .*corrupt\.onnx is not a usable/,
    );
  });

  it("loads a real model at start, and none when the variable is unset", async () => {
    const config = parseConfig({ MATTE_MODEL_PATH: modelFile, MATTE_MODEL_NORMALISATION: "imagenet" });
    const loaded = await loadConfiguredMattingModel(config.matting!);
    const alpha = await loaded.predictAlpha(await discOnGradient());
    expect(alpha[0]).toBe(0);
    expect(alpha[128 * 256 + 128]).toBe(255);
    expect(parseConfig({}).matting).toBeUndefined();
    expect(() => parseConfig({ MATTE_MODEL_NORMALISATION: "other" })).toThrow(/MATTE_MODEL_NORMALISATION/);
  });
});

describe.each(testDatabases)("a matting model on $name", (target) => {
  const api = setUpSignedInApi(target, "ann-matting@example.com");

  const removeBackground = (objectId: string, imageId: string) =>
    api.server.call(`/api/objects/${objectId}/remove-background`, {
      method: "POST",
      cookie: api.user.cookie,
      json: { imageId },
    });

  it("removes a gradient background that is refused without a model, charging once", async () => {
    const { objectId, imageId } = await objectWithImage(api, await discOnGradient());
    const before = await balanceOf(api.database.db, api.user.userId);

    api.server.services.matting = undefined;
    const refused = await removeBackground(objectId, imageId);
    expect(refused.status).toBe(400);
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(NOT_FLAT_MESSAGE);
    expect(await balanceOf(api.database.db, api.user.userId)).toBe(before);

    api.server.services.matting = model;
    try {
      const response = await removeBackground(objectId, imageId);
      expect(response.status).toBe(201);
      const { image } = await json<{ image: ObjectImageView }>(response);
      expect(image).toMatchObject({ format: "png", hasAlpha: true, transparent: true, credits: 1 });
      expect(await balanceOf(api.database.db, api.user.userId)).toBe(before - 1);
      expect(await ledgerSum(api.database.db, api.user.userId)).toBe(before - 1);

      // The disc is kept, opaque and red; both ends of the gradient are gone.
      const file = Buffer.from(await (await api.server.call(image.url, { cookie: api.user.cookie })).arrayBuffer());
      const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
      expect(info.channels).toBe(4);
      const at = (x: number, y: number) => [...data.subarray((y * 256 + x) * 4, (y * 256 + x) * 4 + 4)];
      expect(at(128, 128)).toEqual([200, 30, 40, 255]);
      expect(at(5, 5)[3]).toBe(0);
      expect(at(250, 250)[3]).toBe(0);
      let covered = 0;
      for (let i = 3; i < data.length; i += 4) covered += data[i]! / 255;
      // The disc's area, π · 60.5², over 256².
      expect(covered / (256 * 256)).toBeCloseTo((Math.PI * 60.5 ** 2) / 256 ** 2, 2);
    } finally {
      api.server.services.matting = undefined;
    }
  });

  it("mattes a provider's answer that is not on the key instead of refunding it", async () => {
    // A provider without alpha that ignores the key colour and paints on light grey.
    const provider: ImageProvider = {
      ...createOfflineProvider(),
      capabilities: { ...createOfflineProvider().capabilities, nativeAlpha: false },
      async generate() {
        const subject = await renderSubject("potion", 256);
        return { images: [{ data: await compositeOverBackground(subject, { background: GREY }), format: "png" }] };
      },
    };
    const { styleId } = await createStyleThroughApi(api.server, api.user.cookie);
    const { job } = await submitObjects(api.server, api.user.cookie, { styleId, subjects: ["Potion"] });
    const context = (matting?: MattingModel) => ({
      db: api.database.db,
      storage: api.server.services.storage,
      providers: providerRegistry([provider]),
      matting,
      maxAttempts: 1,
      backoffMs: () => 1,
    });
    const ran = await runGenerationJob(context(model), job.id);
    expect(ran?.error ?? null).toBeNull();
    expect(ran?.status).toBe("succeeded");
    const [row] = await api.database.db.select().from(images).where(eq(images.jobId, job.id));
    expect(row).toMatchObject({ hasAlpha: true, format: "png", transparent: true });
    const stored = await api.server.services.storage.read(row!.fileKey);
    // The same bound as the key-colour matte's own test: the subject is kept, the background gone.
    const score = await scoreMatte(stored!, await renderSubject("potion", 256), GREY);
    expect(score.maskError).toBeLessThan(0.03);
  });
});
