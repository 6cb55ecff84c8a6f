// The models the fake Replicate runs, and each one's input schema, checked as Replicate checks
// an input against a version's OpenAPI schema before it creates the prediction (422).

export type ModelKind = "kontext" | "fill" | "esrgan" | "lora" | "trainer";

/** Official models: run by name (POST /v1/models/{owner}/{name}/predictions). */
export const OFFICIAL_MODELS: Record<string, ModelKind> = {
  "black-forest-labs/flux-kontext-pro": "kontext",
  "black-forest-labs/flux-kontext-max": "kontext",
  "black-forest-labs/flux-fill-pro": "fill",
};

/** Community models' versions: run by version (POST /v1/predictions {version}). */
export const COMMUNITY_VERSIONS: Record<string, { model: string; kind: ModelKind }> = {
  f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa: {
    model: "nightmareai/real-esrgan",
    kind: "esrgan",
  },
  "42fed1c4974146d4d2414e2be2c5277c7fcf05fcc3a73abf41610695738c1d7b": {
    model: "nightmareai/real-esrgan",
    kind: "esrgan",
  },
  "26dce37af90b9d997eeb970d92e47de3064d46c300504ae376c75bef6a9022d2": {
    model: "ostris/flux-dev-lora-trainer",
    kind: "trainer",
  },
};

/** What a model's page says of it (GET /v1/models/{owner}/{name}). */
export const PUBLIC_MODELS: Record<string, { latestVersion: string | null; description: string }> = {
  "black-forest-labs/flux-kontext-pro": { latestVersion: null, description: "FLUX.1 Kontext [pro]" },
  "black-forest-labs/flux-kontext-max": { latestVersion: null, description: "FLUX.1 Kontext [max]" },
  "black-forest-labs/flux-fill-pro": { latestVersion: null, description: "FLUX.1 Fill [pro]" },
  "nightmareai/real-esrgan": {
    latestVersion: "f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa",
    description: "Real-ESRGAN with optional face correction and adjustable upscale",
  },
  "ostris/flux-dev-lora-trainer": {
    latestVersion: "26dce37af90b9d997eeb970d92e47de3064d46c300504ae376c75bef6a9022d2",
    description: "Fine-tune FLUX.1-dev using ai-toolkit",
  },
};

export const HARDWARE = ["cpu", "gpu-t4", "gpu-l40s", "gpu-l40s-2x", "gpu-a100-large", "gpu-a100-large-2x", "gpu-h100"];

const KONTEXT_RATIOS = [
  "match_input_image",
  "1:1",
  "16:9",
  "9:16",
  "4:3",
  "3:4",
  "3:2",
  "2:3",
  "4:5",
  "5:4",
  "21:9",
  "9:21",
  "2:1",
  "1:2",
];
const LORA_RATIOS = ["1:1", "16:9", "21:9", "3:2", "2:3", "4:5", "5:4", "3:4", "4:3", "9:16", "9:21", "custom"];

/** About one megapixel at each ratio, as FLUX answers. */
export const DIMENSIONS: Record<string, [number, number]> = {
  "1:1": [1024, 1024],
  "2:3": [832, 1248],
  "3:2": [1248, 832],
  "16:9": [1392, 752],
  "9:16": [752, 1392],
  "4:3": [1184, 880],
  "3:4": [880, 1184],
};

export interface InvalidField {
  type: string;
  field: string;
  description: string;
}

type Rule =
  | { type: "string"; required?: boolean }
  | { type: "uri"; required?: boolean }
  | { type: "enum"; values: string[] }
  | { type: "integer" | "number"; min?: number; max?: number; required?: boolean }
  | { type: "boolean" };

const SCHEMAS: Record<ModelKind, Record<string, Rule>> = {
  kontext: {
    prompt: { type: "string", required: true },
    input_image: { type: "uri" },
    aspect_ratio: { type: "enum", values: KONTEXT_RATIOS },
    seed: { type: "integer" },
    output_format: { type: "enum", values: ["jpg", "png"] },
    safety_tolerance: { type: "integer", min: 0, max: 6 },
    prompt_upsampling: { type: "boolean" },
  },
  fill: {
    prompt: { type: "string" },
    image: { type: "uri", required: true },
    mask: { type: "uri" },
    seed: { type: "integer" },
    steps: { type: "integer", min: 15, max: 50 },
    guidance: { type: "number", min: 1.5, max: 100 },
    output_format: { type: "enum", values: ["jpg", "png"] },
    safety_tolerance: { type: "integer", min: 1, max: 6 },
    prompt_upsampling: { type: "boolean" },
  },
  esrgan: {
    image: { type: "uri", required: true },
    scale: { type: "number", min: 0, max: 10 },
    face_enhance: { type: "boolean" },
  },
  lora: {
    prompt: { type: "string", required: true },
    lora_scale: { type: "number", min: -1, max: 3 },
    aspect_ratio: { type: "enum", values: LORA_RATIOS },
    num_outputs: { type: "integer", min: 1, max: 4 },
    output_format: { type: "enum", values: ["webp", "jpg", "png"] },
    seed: { type: "integer" },
    num_inference_steps: { type: "integer", min: 1, max: 50 },
    guidance_scale: { type: "number", min: 0, max: 10 },
    model: { type: "enum", values: ["dev", "schnell"] },
  },
  trainer: {
    input_images: { type: "uri", required: true },
    trigger_word: { type: "string" },
    steps: { type: "integer", min: 3, max: 6000 },
    lora_rank: { type: "integer", min: 1, max: 128 },
    autocaption: { type: "boolean" },
    learning_rate: { type: "number" },
    batch_size: { type: "integer" },
  },
};

/** The fields of `input` its model's schema refuses; inputs it does not know are ignored, as Replicate does. */
export function validateInput(kind: ModelKind, input: Record<string, unknown>): InvalidField[] {
  const invalid: InvalidField[] = [];
  for (const [name, rule] of Object.entries(SCHEMAS[kind])) {
    const value = input[name];
    const field = `input.${name}`;
    if (value === undefined) {
      if ("required" in rule && rule.required)
        invalid.push({ type: "required", field: "input", description: `${name} is required` });
      continue;
    }
    if (rule.type === "string" && typeof value !== "string")
      invalid.push({ type: "invalid_type", field, description: "Invalid type. Expected: string" });
    if (rule.type === "uri" && (typeof value !== "string" || !/^(https?:\/\/|data:)/.test(value)))
      invalid.push({ type: "format", field, description: "Does not match format 'uri'" });
    if (rule.type === "boolean" && typeof value !== "boolean")
      invalid.push({ type: "invalid_type", field, description: "Invalid type. Expected: boolean" });
    if (rule.type === "enum" && !rule.values.includes(String(value)))
      invalid.push({
        type: "enum",
        field,
        description: `${name} must be one of the following: ${rule.values.map((v) => `"${v}"`).join(", ")}`,
      });
    if (rule.type === "integer" || rule.type === "number") {
      if (typeof value !== "number" || (rule.type === "integer" && !Number.isInteger(value)))
        invalid.push({ type: "invalid_type", field, description: `Invalid type. Expected: ${rule.type}` });
      else if (rule.min !== undefined && value < rule.min)
        invalid.push({ type: "number_gte", field, description: `Must be greater than or equal to ${rule.min}` });
      else if (rule.max !== undefined && value > rule.max)
        invalid.push({ type: "number_lte", field, description: `Must be less than or equal to ${rule.max}` });
    }
  }
  return invalid;
}

/** Replicate's 422 for an input its schema refuses. */
export const validationProblem = (invalid: InvalidField[]) => ({
  title: "Input validation failed",
  detail: invalid.map((i) => `- ${i.field}: ${i.description}`).join("\n") + "\n",
  status: 422,
  invalid_fields: invalid,
});
