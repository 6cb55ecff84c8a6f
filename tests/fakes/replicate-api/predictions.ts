// The fake Replicate's predictions: created on an official model's endpoint or on a version
// (refused as Replicate refuses them: an unknown model or version, an input its schema refuses,
// a failure asked for), their input images decoded, and the outputs each model makes.
import { receiveImage } from "./files.ts";
import { extensionOf, formatOf, renderImage, upscaleImage, type OutputFormat } from "./images.ts";
import {
  COMMUNITY_VERSIONS,
  DIMENSIONS,
  OFFICIAL_MODELS,
  validateInput,
  validationProblem,
  type ModelKind,
} from "./models.ts";
import type { Reply } from "./reply.ts";
import { answerCreated, runId } from "./runs.ts";
import type { ReceivedImage, ReplicateFailure, ReplicateState, Run } from "./state.ts";
import { inputBytes } from "./files.ts";

/** Said by FLUX's safety checker when it refuses an image. */
export const NSFW_ERROR = "NSFW content detected. Please try running it again, or try a different prompt.";
const MODEL_ERROR = "CUDA out of memory. Tried to allocate 2.00 GiB";

const IMAGE_FIELDS: Record<ModelKind, string[]> = {
  kontext: ["input_image"],
  fill: ["image", "mask"],
  esrgan: ["image"],
  lora: [],
  trainer: [],
};

/** The failure asked for this creation, counted down when it is one of the next N. */
function takeFailure(state: ReplicateState): ReplicateFailure | null {
  const { control } = state;
  if (control.failAlways) return control.failAlways;
  if (control.failNext && control.failNext.count > 0) {
    control.failNext.count--;
    return control.failNext.kind;
  }
  return null;
}

/** POST /v1/models/{owner}/{name}/predictions, or POST /v1/predictions with a version. */
export async function createPrediction(
  state: ReplicateState,
  reply: Reply,
  target: { model: string } | null,
  raw: Buffer,
  prefer: string | undefined,
  closed: () => boolean,
) {
  state.calls.create++;
  let body: { version?: unknown; input?: unknown };
  try {
    body = JSON.parse(raw.toString() || "{}") as typeof body;
  } catch {
    return reply.problem(400, "Bad request", "The request body is not valid JSON");
  }
  let model: string;
  let version: string | null = null;
  let kind: ModelKind | undefined;
  if (target) {
    model = target.model;
    kind = OFFICIAL_MODELS[model];
    if (!kind) return reply.problem(404, "Not found", "The requested resource could not be found.");
  } else {
    version = typeof body.version === "string" ? (body.version.split(":").at(-1) ?? "") : "";
    const known = COMMUNITY_VERSIONS[version];
    const trained = state.trainedVersions.get(version);
    if (!known && !trained)
      return reply.problem(
        422,
        "Invalid version or not permitted",
        "The specified version does not exist (or perhaps you don't have permission to use it?)",
      );
    model = known?.model ?? trained!;
    kind = known?.kind ?? "lora";
    if (kind === "trainer") return reply.problem(422, "Invalid version", "This version can only be trained, not run");
  }
  if (!body.input || typeof body.input !== "object")
    return reply.problem(422, "Input validation failed", "- (root): input is required\n");
  const input = body.input as Record<string, unknown>;
  const invalid = validateInput(kind, input);
  if (invalid.length > 0)
    return reply.problem(422, "Input validation failed", validationProblem(invalid).detail, {
      invalid_fields: invalid,
    });

  const failure = takeFailure(state);
  if (failure === "rate_limit")
    return reply.problem(
      429,
      "Request was throttled",
      "Request was throttled. Expected available in 1 second.",
      {},
      { "Retry-After": "1" },
    );
  if (failure === "server_error")
    return reply.problem(500, "Internal Server Error", "Something went wrong on our side.");
  if (state.control.stall === "create") return reply.stall();

  const images: Record<string, ReceivedImage> = {};
  let runFailure: string | null = failure === "nsfw" ? NSFW_ERROR : failure === "model_error" ? MODEL_ERROR : null;
  for (const field of IMAGE_FIELDS[kind]) {
    if (typeof input[field] !== "string") continue;
    const received = await receiveImage(state, field, input[field]);
    if (typeof received === "string") runFailure ??= received;
    else images[field] = received;
  }
  if (
    images.mask &&
    images.image &&
    (images.mask.width !== images.image.width || images.mask.height !== images.image.height)
  )
    runFailure ??= `The mask (${images.mask.width}x${images.mask.height}) must be the size of the image (${images.image.width}x${images.image.height})`;

  const run: Run = {
    id: runId(),
    kind: "prediction",
    model,
    version,
    input,
    status: "starting",
    advances: 0,
    logs: "",
    output: null,
    error: null,
    createdAt: new Date().toISOString(),
    startedAt: null,
    completedAt: null,
    failure: runFailure,
    finish: () => makeOutput(state, run.id, kind, input, images),
  };
  state.runs.set(run.id, run);
  state.predictions.push({ id: run.id, model, version, input, images, prefer });
  return answerCreated(state, reply, run, prefer, closed);
}

/** What a model answers: one file address (Kontext, Fill, Real-ESRGAN) or a list (a trained FLUX LoRA). */
async function makeOutput(
  state: ReplicateState,
  id: string,
  kind: ModelKind,
  input: Record<string, unknown>,
  images: Record<string, ReceivedImage>,
): Promise<unknown> {
  const prompt = String(input.prompt ?? "");
  const store = async (data: Promise<Buffer>, format: OutputFormat, index: number) => {
    const path = `/delivery/xezq/${id}/out-${index}.${extensionOf(format)}`;
    state.outputs.set(path, { contentType: `image/${format}`, data: await data });
    return `${state.url}${path}`;
  };
  if (kind === "esrgan") {
    const source = inputBytes(state, String(input.image))!;
    const scale = Number(input.scale ?? 4);
    const size: [number, number] = [Math.round(images.image!.width * scale), Math.round(images.image!.height * scale)];
    return store(upscaleImage(source, size, "png"), "png", 0);
  }
  if (kind === "fill") {
    const format = formatOf(input.output_format, "jpeg");
    return store(renderImage([images.image!.width, images.image!.height], format, prompt), format, 0);
  }
  if (kind === "kontext") {
    const ratio = String(input.aspect_ratio ?? "match_input_image");
    const given = images.input_image;
    const size =
      ratio === "match_input_image" && given
        ? ([given.width, given.height] as [number, number])
        : (DIMENSIONS[ratio === "match_input_image" ? "1:1" : ratio] ?? DIMENSIONS["1:1"]!);
    const format = formatOf(input.output_format, "png");
    return store(renderImage(size, format, prompt), format, 0);
  }
  const format = formatOf(input.output_format, "webp");
  const size = DIMENSIONS[String(input.aspect_ratio ?? "1:1")] ?? DIMENSIONS["1:1"]!;
  const count = Number(input.num_outputs ?? 1);
  return Promise.all(Array.from({ length: count }, (_, i) => store(renderImage(size, format, prompt), format, i)));
}
