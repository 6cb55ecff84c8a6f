// The endpoints the fake fal.ai serves: their prices as fal's pricing list has them, the
// sizes FLUX.1 Kontext and FLUX LoRA answer at, and each endpoint's input schema, checked as
// fal's 422 does (the trainer's in training.ts).
import { isTrainer, validateTraining } from "./training.ts";

/** Endpoints the fake serves, with their price per image, as fal's pricing list has them. */
export const FAL_PRICES: Record<string, number> = {
  "fal-ai/flux-pro/kontext/max/multi": 0.08,
  "fal-ai/flux-pro/kontext/max/text-to-image": 0.08,
  "fal-ai/flux-pro/kontext/max": 0.08,
  "fal-ai/flux-pro/kontext/multi": 0.04,
  "fal-ai/flux-pro/kontext/text-to-image": 0.04,
  "fal-ai/flux-pro/kontext": 0.04,
  "fal-ai/flux-pro/v1/fill": 0.05,
  "fal-ai/esrgan": 0.00111,
  "fal-ai/flux-lora": 0.035,
  "fal-ai/flux-lora-fast-training": 2,
};
/** The unit each price is for ("image" unless listed). */
export const FAL_PRICE_UNITS: Record<string, string> = {
  "fal-ai/flux-pro/v1/fill": "megapixels",
  "fal-ai/esrgan": "compute seconds",
  "fal-ai/flux-lora": "megapixels",
  "fal-ai/flux-lora-fast-training": "units",
};
/** Endpoints that repaint the white region of a mask: image_url and mask_url, no aspect ratio. */
export const isFill = (model: string) => /\/fill$/.test(model);
/** Upscalers: image_url and scale, no prompt; they answer one `image`, opaque. */
export const isUpscaler = (model: string) => model === "fal-ai/esrgan";
/** FLUX.1 [dev] with LoRAs: a prompt, `loras` and an image_size, no images. */
export const isLora = (model: string) => model === "fal-ai/flux-lora";
/** FLUX LoRA's named sizes, as fal draws them. */
export const LORA_SIZES: Record<string, [number, number]> = {
  square_hd: [1024, 1024],
  square: [512, 512],
  portrait_4_3: [768, 1024],
  portrait_16_9: [576, 1024],
  landscape_4_3: [1024, 768],
  landscape_16_9: [1024, 576],
};
/** FLUX LoRA's default image_size. */
export const DEFAULT_LORA_SIZE = "landscape_4_3";
/** ESRGAN's scale when the input has none. */
export const DEFAULT_SCALE = 2;
/** The models ESRGAN takes. */
const ESRGAN_MODELS = [
  "RealESRGAN_x4plus",
  "RealESRGAN_x2plus",
  "RealESRGAN_x4plus_anime_6B",
  "RealESRGAN_x4_v3",
  "RealESRGAN_x4_wdn_v3",
  "RealESRGAN_x4_anime_v3",
];
const ASPECT_RATIOS = ["21:9", "16:9", "4:3", "3:2", "1:1", "2:3", "3:4", "9:16", "9:21"];
/** About one megapixel at each ratio, as FLUX.1 Kontext answers. */
export const DIMENSIONS: Record<string, [number, number]> = {
  "21:9": [1568, 672],
  "16:9": [1392, 752],
  "4:3": [1184, 880],
  "3:2": [1248, 832],
  "1:1": [1024, 1024],
  "2:3": [832, 1248],
  "3:4": [880, 1184],
  "9:16": [752, 1392],
  "9:21": [672, 1568],
};

/** Checks a submission's input against its endpoint's schema: the 422 detail item, or null. */
export function validateInput(model: string, input: Record<string, unknown>, imageUrls: unknown[]) {
  const error = (loc: string[], msg: string, type: string) => ({ loc, msg, type });
  if (isUpscaler(model)) return validateUpscale(input);
  if (isTrainer(model)) return validateTraining(input);
  if (typeof input.prompt !== "string" || !input.prompt) return error(["body", "prompt"], "Field required", "missing");
  if (model.endsWith("/multi") && imageUrls.length === 0)
    return error(["body", "image_urls"], "Field required", "missing");
  if (input.aspect_ratio !== undefined && !ASPECT_RATIOS.includes(String(input.aspect_ratio)))
    return error(["body", "aspect_ratio"], `Input should be ${ASPECT_RATIOS.join(", ")}`, "enum");
  const n = input.num_images ?? 1;
  if (typeof n !== "number" || n < 1 || n > 4)
    return error(["body", "num_images"], "Input should be between 1 and 4", "less_than_equal");
  if (input.output_format !== undefined && !["jpeg", "png"].includes(String(input.output_format)))
    return error(["body", "output_format"], "Input should be 'jpeg' or 'png'", "enum");
  for (const u of imageUrls)
    if (typeof u !== "string" || !/^https?:\/\//.test(u))
      return error(["body", "image_urls"], "Input should be a valid URL", "url_parsing");
  if (isLora(model)) {
    const invalid = validateLora(input);
    if (invalid) return invalid;
  }
  if (isFill(model)) {
    for (const field of ["image_url", "mask_url"]) {
      if (input[field] === undefined) return error(["body", field], "Field required", "missing");
      if (typeof input[field] !== "string" || !/^https?:\/\//.test(input[field]))
        return error(["body", field], "Input should be a valid URL", "url_parsing");
    }
  }
  return null;
}

/** ESRGAN's input, as its schema has it: an image URL, a scale from 1 to 8, one of its models. */
function validateUpscale(input: Record<string, unknown>) {
  const error = (loc: string[], msg: string, type: string) => ({ loc, msg, type });
  if (input.image_url === undefined) return error(["body", "image_url"], "Field required", "missing");
  if (typeof input.image_url !== "string" || !/^https?:\/\//.test(input.image_url))
    return error(["body", "image_url"], "Input should be a valid URL", "url_parsing");
  const scale = input.scale ?? DEFAULT_SCALE;
  if (typeof scale !== "number" || !Number.isFinite(scale))
    return error(["body", "scale"], "Input should be a valid number", "float_type");
  if (scale < 1) return error(["body", "scale"], "Input should be greater than or equal to 1", "greater_than_equal");
  if (scale > 8) return error(["body", "scale"], "Input should be less than or equal to 8", "less_than_equal");
  if (input.model !== undefined && !ESRGAN_MODELS.includes(String(input.model)))
    return error(["body", "model"], `Input should be ${ESRGAN_MODELS.map((m) => `'${m}'`).join(", ")}`, "enum");
  if (input.output_format !== undefined && !["jpeg", "png"].includes(String(input.output_format)))
    return error(["body", "output_format"], "Input should be 'jpeg' or 'png'", "enum");
  return null;
}

/** FLUX LoRA's own fields: image_size (a name or {width, height}), loras ({path, scale 0 to 4}), the safety flag. */
function validateLora(input: Record<string, unknown>) {
  const error = (loc: (string | number)[], msg: string, type: string) => ({ loc, msg, type });
  const size = input.image_size;
  if (size !== undefined) {
    if (typeof size === "string") {
      if (!(size in LORA_SIZES))
        return error(
          ["body", "image_size"],
          `Input should be ${Object.keys(LORA_SIZES)
            .map((name) => `'${name}'`)
            .join(", ")}`,
          "enum",
        );
    } else {
      const { width, height } = (size ?? {}) as { width?: unknown; height?: unknown };
      for (const [field, value] of [
        ["width", width],
        ["height", height],
      ] as const) {
        if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > 14142)
          return error(["body", "image_size", field], "Input should be an integer from 1 to 14142", "int_type");
      }
    }
  }
  if (input.loras !== undefined) {
    if (!Array.isArray(input.loras)) return error(["body", "loras"], "Input should be a valid list", "list_type");
    for (const [i, lora] of (input.loras as unknown[]).entries()) {
      if (!lora || typeof lora !== "object")
        return error(["body", "loras", i], "Input should be a valid dictionary", "dict_type");
      const { path, scale } = lora as { path?: unknown; scale?: unknown };
      if (path === undefined) return error(["body", "loras", i, "path"], "Field required", "missing");
      if (typeof path !== "string" || !/^https?:\/\//.test(path))
        return error(["body", "loras", i, "path"], "Input should be a valid URL", "url_parsing");
      const weight = scale ?? 1;
      if (typeof weight !== "number" || !Number.isFinite(weight))
        return error(["body", "loras", i, "scale"], "Input should be a valid number", "float_type");
      if (weight < 0 || weight > 4)
        return error(["body", "loras", i, "scale"], "Input should be from 0 to 4", "less_than_equal");
    }
  }
  if (input.enable_safety_checker !== undefined && typeof input.enable_safety_checker !== "boolean")
    return error(["body", "enable_safety_checker"], "Input should be a valid boolean", "bool_type");
  return null;
}
