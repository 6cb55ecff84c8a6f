import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { compositeOverBackground, renderSubject, scoreMatte } from "../../../tests/support/matte-fixtures";
import {
  tinyModelAlpha,
  writeTinyMattingModel,
  type TinyMattingModelOptions,
} from "../../../tests/support/tiny-matting-model";
import { decodeRgb, encodeRgba, matteFromAlpha, removeKeyColour } from "./matte.server";
import {
  loadMattingModel,
  MATTING_NORMALISATIONS,
  MattingModelError,
  modelInputSize,
  type MattingModel,
  type MattingNormalisation,
} from "./matting-model.server";

const PAINTED_GREEN = { r: 18, g: 238, b: 24 };
const written: string[] = [];
const modelFile = (options: TinyMattingModelOptions) => {
  const file = writeTinyMattingModel(options);
  written.push(path.dirname(file));
  return file;
};
afterAll(() => written.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Mean |predicted − true| alpha over the image, 0–1. */
function meanAlphaError(predicted: Uint8Array, truthRgba: Buffer): number {
  let total = 0;
  for (let i = 0; i < predicted.length; i++) total += Math.abs(predicted[i]! - truthRgba[i * 4 + 3]!) / 255;
  return total / predicted.length;
}

describe("loadMattingModel", () => {
  it.each(Object.keys(MATTING_NORMALISATIONS) as MattingNormalisation[])(
    "runs a dynamic-size model on each pixel, with the input normalised (%s) and laid out as NCHW",
    async (normalisation) => {
      // Columns of four colours over rows of brightness: every pixel's expected alpha is known.
      const options: TinyMattingModelOptions = {
        background: { r: 40, g: 200, b: 60 },
        threshold: 0.4,
        gain: 12,
        size: "dynamic",
        normalisation,
      };
      const model = await loadMattingModel(modelFile(options), { normalisation });
      const width = 96;
      const height = 64;
      const rgb = Buffer.alloc(width * height * 3);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const v = Math.round((y / (height - 1)) * 255);
          const pixel = [
            [v, 200, 60],
            [40, v, 60],
            [40, 200, v],
            [v, v, 255 - v],
          ][Math.floor(x / 24)]!;
          rgb.set(pixel, (y * width + x) * 3);
        }
      }
      const image = await sharp(rgb, { raw: { width, height, channels: 3 } })
        .png()
        .toBuffer();
      const alpha = await model.predictAlpha(image);
      expect(alpha).toHaveLength(width * height);
      let worst = 0;
      for (let i = 0; i < width * height; i++) {
        const [r, g, b] = [rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!];
        const expected = Math.round(tinyModelAlpha(options, { r, g, b }) * 255);
        worst = Math.max(worst, Math.abs(alpha[i]! - expected));
      }
      // 96 × 64 is already a multiple of 32: no resampling, so only rounding differs.
      expect(worst).toBeLessThanOrEqual(1);
    },
  );

  it("reads a model that returns logits the same as one that applies the sigmoid itself", async () => {
    const options: TinyMattingModelOptions = { background: PAINTED_GREEN, threshold: 0.35, gain: 80, size: "dynamic" };
    const sigmoid = await loadMattingModel(modelFile(options));
    const logits = await loadMattingModel(modelFile({ ...options, logits: true }));
    const truth = await renderSubject("potion", 128);
    const image = await compositeOverBackground(truth, { background: PAINTED_GREEN, lossless: true, noise: 0 });
    const [a, b] = await Promise.all([sigmoid.predictAlpha(image), logits.predictAlpha(image)]);
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
    expect(worst).toBeLessThanOrEqual(1);
    expect(Math.min(...a)).toBe(0);
    expect(Math.max(...a)).toBe(255);
  });

  /*
   * A fixed 64 × 64 model on 256 px fixtures: the image is shrunk to 64 px and the alpha
   * stretched back, which blurs every edge over about 4 px. On the hard-edged subjects that
   * measures 0.012–0.016 of mean error; an empty mask scores 0.15–0.32 and the same mask
   * transposed (rows and columns mixed up) 0.04–0.27, so 0.025 tells them apart. (Line art
   * is thinner than a 64 px input can see, and soft-blob is symmetric.)
   */
  for (const name of ["potion", "leaf", "pixel-sprite"] as const) {
    it(`recovers ${name}'s known mask through a fixed 64 × 64 input`, async () => {
      const model = await loadMattingModel(
        modelFile({ background: PAINTED_GREEN, threshold: 0.3, gain: 60, size: 64 }),
      );
      const truth = await renderSubject(name, 256);
      const input = await compositeOverBackground(truth, { background: PAINTED_GREEN, noise: 6, seed: 3 });
      const alpha = await model.predictAlpha(input);
      expect(alpha).toHaveLength(256 * 256);
      expect(meanAlphaError(alpha, truth.rgba)).toBeLessThan(0.025);
    });
  }

  it("refuses a file that is not a model, and a missing file", async () => {
    const dir = path.dirname(modelFile({ background: PAINTED_GREEN, threshold: 0.3 }));
    const corrupt = path.join(dir, "corrupt.onnx");
    writeFileSync(corrupt, "not a model at all");
    await expect(loadMattingModel(corrupt)).rejects.toThrow(MattingModelError);
    await expect(loadMattingModel(path.join(dir, "missing.onnx"))).rejects.toThrow(/could not load/);
  });
});

describe("modelInputSize", () => {
  it("keeps a model's fixed size and rounds a dynamic one to multiples of 32, at most 1024", () => {
    expect(modelInputSize([1, 3, 320, 320], { width: 1536, height: 1024 })).toEqual({ width: 320, height: 320 });
    expect(modelInputSize([1, 3, "h", "w"], { width: 100, height: 50 })).toEqual({ width: 96, height: 64 });
    expect(modelInputSize([1, 3, -1, -1], { width: 2048, height: 1536 })).toEqual({ width: 1024, height: 768 });
  });
});

describe("removeKeyColour with a matting model", () => {
  const GREEN = { r: 0, g: 255, b: 0 };

  it("takes the model's alpha and still unmixes the painted key out of the edges", async () => {
    const truth = await renderSubject("soft-blob", 256);
    // A perfect model, so that only the colours are being measured.
    const perfect: MattingModel = {
      predictAlpha: async () => Uint8Array.from({ length: 256 * 256 }, (_, i) => truth.rgba[i * 4 + 3]!),
    };
    const input = await compositeOverBackground(truth, { background: PAINTED_GREEN, noise: 0, lossless: true });
    const result = await removeKeyColour(input, { key: GREEN, matting: perfect });
    const score = await scoreMatte(result.data, truth, GREEN);
    // The same alpha with the colours left as they came: the key shows through the soft edge.
    const kept = matteFromAlpha(await decodeRgb(input), await perfect.predictAlpha(input), null);
    const untreated = await scoreMatte(await encodeRgba(kept.rgba, 256, 256), truth, GREEN);
    // Measured: 0.0006 unmixed against 0.078 kept (alpha-weighted key hue at the edge, 0–1).
    expect(score.maskError).toBeLessThan(0.002);
    expect(untreated.spill).toBeGreaterThan(0.05);
    expect(score.spill).toBeLessThan(0.01);
  });

  it("mattes an image that is not on the key, which the colour matte refuses", async () => {
    const model = await loadMattingModel(
      modelFile({ background: { r: 250, g: 250, b: 250 }, threshold: 0.3, gain: 60 }),
    );
    const truth = await renderSubject("potion", 256);
    const input = await compositeOverBackground(truth, { background: { r: 250, g: 250, b: 250 }, seed: 2 });
    await expect(removeKeyColour(input, { key: GREEN })).rejects.toThrow(/key-colour background/);
    const score = await scoreMatte((await removeKeyColour(input, { key: GREEN, matting: model })).data, truth, GREEN);
    // The colour matte's own bound (matte.server.test.ts): a lost subject or kept background scores 0.3 or more.
    expect(score.maskError).toBeLessThan(0.03);
  });
});
