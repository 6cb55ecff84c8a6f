import sharp from "sharp";
import { ConfigError } from "../../config.server";
import type * as Ort from "onnxruntime-node";
import type { InferenceSession } from "onnxruntime-node";

/** A learned matte the operator supplied (MATTE_MODEL_PATH, docs/decisions/028). */
export interface MattingModel {
  /** The subject's alpha (0–255) for every pixel of `image`, at its own size, row by row. */
  predictAlpha(image: Buffer): Promise<Uint8Array>;
}

/** A model that cannot be used: the message says why, for the operator. */
export class MattingModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MattingModelError";
  }
}

/**
 * How models expect their RGB input (0–1) normalised: per channel (x − mean) / std.
 * U²-Net and BiRefNet take ImageNet's statistics, IS-Net only its mean, MODNet −1 to 1.
 */
export const MATTING_NORMALISATIONS = {
  imagenet: { mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] },
  "imagenet-mean": { mean: [0.485, 0.456, 0.406], std: [1, 1, 1] },
  unit: { mean: [0, 0, 0], std: [1, 1, 1] },
  symmetric: { mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5] },
} as const;
export type MattingNormalisation = keyof typeof MATTING_NORMALISATIONS;

/** A model with dynamic height and width runs at most this large (long side), in steps of 32. */
const DYNAMIC_MAX_SIDE = 1024;
const DYNAMIC_STEP = 32;

/** The size the model runs at: its own fixed size, or the image's scaled to multiples of 32. */
export function modelInputSize(
  dims: readonly (number | string)[],
  image: { width: number; height: number },
): { width: number; height: number } {
  const fixed = (d: number | string | undefined) => (typeof d === "number" && d > 0 ? d : null);
  const scale = Math.min(1, DYNAMIC_MAX_SIDE / Math.max(image.width, image.height));
  const step = (n: number) => Math.max(DYNAMIC_STEP, Math.round((n * scale) / DYNAMIC_STEP) * DYNAMIC_STEP);
  return { width: fixed(dims[3]) ?? step(image.width), height: fixed(dims[2]) ?? step(image.height) };
}

async function importRuntime(): Promise<typeof Ort> {
  try {
    return await import("onnxruntime-node");
  } catch (error) {
    throw new MattingModelError(
      `the optional package onnxruntime-node is not installed (${error instanceof Error ? error.message : error})`,
    );
  }
}

function tensorShape(metadata: InferenceSession.ValueMetadata | undefined): readonly (number | string)[] | null {
  return metadata?.isTensor ? metadata.shape : null;
}

/**
 * Opens an ONNX matting model on the CPU. The contract: one image input, NCHW float32 RGB
 * normalised as told; the first output, alpha of N×1×H×W (or N×H×W) in 0–1 (logits are
 * recognised by values outside 0–1 and passed through a sigmoid). The runtime is imported
 * here, so it is never loaded when no model is configured.
 */
export async function loadMattingModel(
  file: string,
  options: { normalisation?: MattingNormalisation } = {},
): Promise<MattingModel> {
  const ort = await importRuntime();
  let session: InferenceSession;
  try {
    session = await ort.InferenceSession.create(file, { executionProviders: ["cpu"], graphOptimizationLevel: "all" });
  } catch (error) {
    throw new MattingModelError(`onnxruntime could not load it (${error instanceof Error ? error.message : error})`);
  }
  const input = session.inputMetadata[0];
  const dims = tensorShape(input);
  if (!input || session.inputNames.length !== 1 || !dims || dims.length !== 4 || ![3, "3"].includes(dims[1]!)) {
    throw new MattingModelError("it must take one image input of shape N×3×H×W (NCHW RGB)");
  }
  if (input.isTensor && input.type !== "float32") {
    throw new MattingModelError(`its input must be float32, not ${input.isTensor ? input.type : "a non-tensor"}`);
  }
  const outputName = session.outputNames[0];
  if (!outputName || !tensorShape(session.outputMetadata[0])) {
    throw new MattingModelError("it must return the alpha as its first output");
  }
  const { mean, std } = MATTING_NORMALISATIONS[options.normalisation ?? "imagenet"];

  return {
    async predictAlpha(image) {
      const { width, height } = await sharp(image).metadata();
      if (!width || !height) throw new MattingModelError("the image has no size");
      const size = modelInputSize(dims, { width, height });
      // Stretched, not padded: the exports were trained on squashed squares.
      const rgb = await sharp(image)
        .removeAlpha()
        .toColourspace("srgb")
        .resize(size.width, size.height, { fit: "fill" })
        .raw()
        .toBuffer();
      const plane = size.width * size.height;
      const data = new Float32Array(plane * 3);
      for (let i = 0; i < plane; i++) {
        for (let c = 0; c < 3; c++) data[c * plane + i] = (rgb[i * 3 + c]! / 255 - mean[c]!) / std[c]!;
      }
      const feeds = { [input.name]: new ort.Tensor("float32", data, [1, 3, size.height, size.width]) };
      const output = (await session.run(feeds, [outputName]))[outputName]!;
      const outDims = output.dims;
      const outHeight = outDims.at(-2) ?? 0;
      const outWidth = outDims.at(-1) ?? 0;
      const values = output.data as Float32Array;
      if (output.type !== "float32" || !outHeight || !outWidth || values.length < outHeight * outWidth) {
        throw new MattingModelError(`the model returned ${output.type} of shape ${outDims.join("×")}, not an alpha`);
      }
      const count = outHeight * outWidth;
      let min = Infinity;
      let max = -Infinity;
      for (let i = 0; i < count; i++) {
        min = Math.min(min, values[i]!);
        max = Math.max(max, values[i]!);
      }
      const logits = min < -0.01 || max > 1.01;
      const alpha = new Uint8Array(count);
      for (let i = 0; i < count; i++) {
        const v = logits ? 1 / (1 + Math.exp(-values[i]!)) : values[i]!;
        alpha[i] = Math.round(Math.min(1, Math.max(0, v)) * 255);
      }
      const resized = await sharp(alpha, { raw: { width: outWidth, height: outHeight, channels: 1 } })
        .resize(width, height, { fit: "fill" })
        .extractChannel(0)
        .raw()
        .toBuffer();
      return new Uint8Array(resized.buffer, resized.byteOffset, resized.length);
    },
  };
}

/** The configured model, or a ConfigError naming MATTE_MODEL_PATH: the server does not start without it. */
export async function loadConfiguredMattingModel(settings: {
  modelPath: string;
  normalisation: MattingNormalisation;
}): Promise<MattingModel> {
  try {
    return await loadMattingModel(settings.modelPath, { normalisation: settings.normalisation });
  } catch (error) {
    if (!(error instanceof MattingModelError)) throw error;
    throw new ConfigError([`MATTE_MODEL_PATH: ${settings.modelPath} is not a usable matting model: ${error.message}`]);
  }
}
