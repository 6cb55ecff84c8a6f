// The fake Stability's image endpoints, as its v2beta reference describes them: the fields each
// takes (anything else is refused, which the real API does not always do: the fake is strict so a
// stray field shows), their ranges, the image limits, and what each answers. The mask must be its
// image's size (Stability would resize it; Motif always sends it at size, and a mismatch is a bug).
import type { ReceivedImage } from "./state.ts";
import { renderImage, SIZE_OF_RATIO, upscaleImage, type OutputFormat } from "./images.ts";

type Range = [number, number];

export interface EndpointSpec {
  /** Text fields it takes, with the numeric range of the numeric ones. */
  fields: Record<string, Range | "text" | string[]>;
  required: string[];
  /** File fields it takes; those in `required` must be sent. */
  files: string[];
  /** Limits on the input image: each side, and the pixel count. */
  imageLimits?: { side: Range; pixels: Range };
  /** Answered later at /v2beta/results/{id} rather than at once. */
  async?: boolean;
  /** Rules across fields: each broken one as Stability says it. */
  check?: (fields: Record<string, string>, images: Record<string, ReceivedImage>) => string[];
  output(input: Input): Promise<Buffer>;
}

export interface Input {
  fields: Record<string, string>;
  images: Record<string, ReceivedImage>;
  bytes: Record<string, Buffer>;
  format: OutputFormat;
}

const FORMATS = ["jpeg", "png", "webp"];
const RATIOS = Object.keys(SIZE_OF_RATIO);
const STYLES = ["3d-model", "analog-film", "anime", "cinematic", "comic-book", "digital-art", "enhance", "fantasy-art"];
const SEED: Range = [0, 4294967294];
const GENERAL_IMAGE = { side: [64, 16384] as Range, pixels: [4096, 9437184] as Range };
const common = { seed: SEED, output_format: FORMATS, style_preset: STYLES, negative_prompt: "text" } as const;

const atSize = (input: Input, image = "image") =>
  renderImage([input.images[image]!.width, input.images[image]!.height], input.format, input.fields.prompt ?? "");
const byRatio = (input: Input) =>
  renderImage(SIZE_OF_RATIO[input.fields.aspect_ratio ?? "1:1"]!, input.format, input.fields.prompt ?? "");
const times4 = (input: Input) => upscaleImage(input.bytes.image!, 4, input.images.image!);

export const ENDPOINTS: Record<string, EndpointSpec> = {
  "generate/core": {
    fields: { prompt: "text", aspect_ratio: RATIOS, ...common },
    required: ["prompt"],
    files: [],
    output: byRatio,
  },
  "generate/ultra": {
    fields: { prompt: "text", aspect_ratio: RATIOS, strength: [0, 1], ...common },
    required: ["prompt"],
    files: ["image"],
    imageLimits: GENERAL_IMAGE,
    check: (fields, images) =>
      images.image && fields.strength === undefined ? ["strength: is required when image is provided"] : [],
    output: byRatio,
  },
  "control/structure": {
    fields: { prompt: "text", control_strength: [0, 1], ...common },
    required: ["prompt", "image"],
    files: ["image"],
    imageLimits: GENERAL_IMAGE,
    output: atSize,
  },
  "edit/inpaint": {
    fields: { prompt: "text", grow_mask: [0, 100], ...common },
    required: ["prompt", "image"],
    files: ["image", "mask"],
    imageLimits: GENERAL_IMAGE,
    check: (_, { image, mask }) =>
      mask && image && (mask.width !== image.width || mask.height !== image.height)
        ? [`mask: is ${mask.width}x${mask.height}, the image is ${image.width}x${image.height}`]
        : [],
    output: atSize,
  },
  "edit/outpaint": {
    fields: {
      left: [0, 2000],
      right: [0, 2000],
      up: [0, 2000],
      down: [0, 2000],
      prompt: "text",
      creativity: [0, 1],
      ...common,
    },
    required: ["image"],
    files: ["image"],
    imageLimits: GENERAL_IMAGE,
    check: (fields) => {
      const sides = ["left", "right", "up", "down"];
      const fractional = sides.filter((side) => !Number.isInteger(Number(fields[side] ?? 0)));
      if (fractional.length > 0) return fractional.map((side) => `${side}: must be a whole number of pixels`);
      return sides.every((side) => Number(fields[side] ?? 0) === 0)
        ? ["left, right, up, down: at least one must be greater than 0"]
        : [];
    },
    output: (input) => {
      const n = (side: string) => Number(input.fields[side] ?? 0);
      const { width, height } = input.images.image!;
      return renderImage(
        [width + n("left") + n("right"), height + n("up") + n("down")],
        input.format,
        input.fields.prompt ?? "",
      );
    },
  },
  "upscale/fast": {
    fields: { output_format: FORMATS },
    required: ["image"],
    files: ["image"],
    imageLimits: { side: [32, 1536], pixels: [1024, 1048576] },
    output: times4,
  },
  "upscale/conservative": {
    fields: { prompt: "text", creativity: [0.2, 0.5], ...common },
    required: ["prompt", "image"],
    files: ["image"],
    imageLimits: { side: [64, 16384], pixels: [4096, 9437184] },
    output: times4,
  },
  "upscale/creative": {
    fields: { prompt: "text", creativity: [0.1, 0.5], ...common },
    required: ["prompt", "image"],
    files: ["image"],
    imageLimits: { side: [64, 16384], pixels: [4096, 1048576] },
    async: true,
    output: times4,
  },
};

/** What is wrong with a request to `spec`, each as Stability says it ("prompt: is required"). */
export function validate(
  spec: EndpointSpec,
  fields: Record<string, string>,
  images: Record<string, ReceivedImage | null>,
): string[] {
  const errors: string[] = [];
  for (const name of spec.required) {
    if (fields[name] === undefined && !images[name]) errors.push(`${name}: is required`);
  }
  for (const [name, value] of Object.entries(fields)) {
    const rule = spec.fields[name];
    if (!rule) errors.push(`${name}: is not a field of this endpoint`);
    else if (rule === "text") {
      if (value.length < 1 || value.length > 10000) errors.push(`${name}: must be 1 to 10000 characters`);
    } else if (typeof rule[0] === "number") {
      const [min, max] = rule as Range;
      const n = Number(value);
      if (value.trim() === "" || !Number.isFinite(n) || n < min || n > max) {
        errors.push(`${name}: must be a number from ${min} to ${max}`);
      }
    } else if (!(rule as string[]).includes(value)) {
      errors.push(`${name}: must be one of ${(rule as string[]).join(", ")}`);
    }
  }
  for (const [name, image] of Object.entries(images)) {
    if (!spec.files.includes(name)) errors.push(`${name}: is not a field of this endpoint`);
    else if (!image) errors.push(`${name}: is not a valid image (jpeg, png or webp)`);
    else if (name === "image" && spec.imageLimits) {
      const { side, pixels } = spec.imageLimits;
      const count = image.width * image.height;
      if (Math.min(image.width, image.height) < side[0] || Math.max(image.width, image.height) > side[1]) {
        errors.push(`image: each side must be ${side[0]} to ${side[1]} pixels`);
      } else if (count < pixels[0] || count > pixels[1]) {
        errors.push(`image: must have ${pixels[0]} to ${pixels[1]} pixels, it has ${count}`);
      }
    }
  }
  if (errors.length === 0 && spec.check) errors.push(...spec.check(fields, images as Record<string, ReceivedImage>));
  return errors;
}
