// The endpoints the fake BFL API runs and the bodies each takes, as BFL's API reference lists them:
// FLUX.1 Kontext [pro]/[max] (prompt, input_image…input_image_4, aspect_ratio), FLUX 1.1 [pro]
// (prompt, width and height, multiples of 32 from 256 to 1440) and FLUX.1 Fill [pro] (image, mask).
// A body it refuses is answered as FastAPI does: 422 with {detail: [{loc, msg, type}]}. Unknown
// fields are refused too, so a misspelt field shows up in the tests.

export type ModelKind = "kontext" | "sized" | "fill";

export const MODELS: Record<string, ModelKind> = {
  "flux-kontext-pro": "kontext",
  "flux-kontext-max": "kontext",
  "flux-pro-1.1": "sized",
  "flux-pro-1.0-fill": "fill",
};

/** The image fields of each kind, in order. */
export const IMAGE_FIELDS: Record<ModelKind, string[]> = {
  kontext: ["input_image", "input_image_2", "input_image_3", "input_image_4"],
  sized: [],
  fill: ["image", "mask"],
};

/** Kontext's output sizes for the ratios Motif asks, about one megapixel. */
export const DIMENSIONS: Record<string, [number, number]> = {
  "1:1": [1024, 1024],
  "2:3": [832, 1248],
  "3:2": [1248, 832],
  "16:9": [1392, 752],
  "9:16": [752, 1392],
};

export interface Invalid {
  loc: string[];
  msg: string;
  type: string;
}

const COMMON = [
  "prompt",
  "seed",
  "output_format",
  "safety_tolerance",
  "prompt_upsampling",
  "webhook_url",
  "webhook_secret",
];
const FIELDS: Record<ModelKind, string[]> = {
  kontext: [...COMMON, ...IMAGE_FIELDS.kontext, "aspect_ratio"],
  sized: [...COMMON, "width", "height", "image_prompt"],
  fill: [...COMMON, ...IMAGE_FIELDS.fill, "steps", "guidance"],
};

/** What is wrong with a body for this kind of model (empty when nothing is). */
export function validateBody(kind: ModelKind, body: Record<string, unknown>): Invalid[] {
  const invalid: Invalid[] = [];
  const fail = (field: string, msg: string, type: string) => invalid.push({ loc: ["body", field], msg, type });
  for (const field of Object.keys(body)) {
    if (!FIELDS[kind].includes(field)) fail(field, "Extra inputs are not permitted", "extra_forbidden");
  }
  if (kind === "kontext" && typeof body.prompt !== "string") fail("prompt", "Field required", "missing");
  if (kind !== "kontext" && body.prompt !== undefined && typeof body.prompt !== "string")
    fail("prompt", "Input should be a valid string", "string_type");
  if (body.seed !== undefined && !Number.isInteger(body.seed))
    fail("seed", "Input should be a valid integer", "int_type");
  if (body.output_format !== undefined && !["jpeg", "png"].includes(String(body.output_format)))
    fail("output_format", "Input should be 'jpeg' or 'png'", "enum");
  const tolerance = body.safety_tolerance;
  if (tolerance !== undefined && !(Number.isInteger(tolerance) && Number(tolerance) >= 0 && Number(tolerance) <= 6))
    fail("safety_tolerance", "Input should be between 0 and 6", "less_than_equal");
  for (const field of IMAGE_FIELDS[kind]) {
    if (body[field] !== undefined && body[field] !== null && typeof body[field] !== "string")
      fail(field, "Input should be a valid string", "string_type");
  }
  if (kind === "kontext") {
    const ratio = body.aspect_ratio;
    if (ratio !== undefined && ratio !== null && !isRatioInRange(ratio))
      fail("aspect_ratio", "Aspect ratio must be between 21:9 and 9:21", "value_error");
    // The extra images are references to the first: none without it.
    if (!body.input_image && IMAGE_FIELDS.kontext.slice(1).some((field) => body[field]))
      fail("input_image", "input_image is required when other input images are given", "value_error");
  }
  if (kind === "sized") {
    for (const field of ["width", "height"]) {
      const value = body[field];
      if (value === undefined) continue;
      if (!Number.isInteger(value) || Number(value) < 256 || Number(value) > 1440 || Number(value) % 32 !== 0)
        fail(field, "Must be a multiple of 32 between 256 and 1440", "value_error");
    }
  }
  if (kind === "fill" && typeof body.image !== "string") fail("image", "Field required", "missing");
  return invalid;
}

function isRatioInRange(ratio: unknown): boolean {
  const match = /^(\d+):(\d+)$/.exec(String(ratio));
  if (!match || Number(match[2]) === 0) return false;
  const value = Number(match[1]) / Number(match[2]);
  return value <= 21 / 9 + 1e-9 && value >= 9 / 21 - 1e-9;
}
