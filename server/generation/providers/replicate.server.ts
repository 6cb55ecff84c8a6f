import { modelLabel } from "#domain/models";
import type { ImageSize } from "#domain/images";
import { withDeadline } from "../deadline.server";
import { downloadImage, MAX_UPSCALED_BYTES } from "./fal-http.server";
import { checkReplicateConnection } from "./replicate-check.server";
import { createInputImages } from "./replicate-files.server";
import { isProviderError, transportError } from "./replicate-http.server";
import { parseModelRef, runPrediction, type PredictionOptions } from "./replicate-predictions.server";
import { createReplicateTraining, DEFAULT_REPLICATE_TRAINER } from "./replicate-training.server";
import type {
  EditRequest,
  GenerateRequest,
  GenerateResult,
  ImageProvider,
  LearnedModel,
  UpscaleRequest,
} from "./provider";

/** FLUX.1 Kontext [pro], an official model: one input image, words for the change. */
export const DEFAULT_REPLICATE_MODEL = "black-forest-labs/flux-kontext-pro";
/** FLUX.1 Fill [pro]: repaints the white region of a mask, keeping the rest. */
export const DEFAULT_REPLICATE_FILL_MODEL = "black-forest-labs/flux-fill-pro";
/** Real-ESRGAN, a community model, so run by a version; it takes an image and a scale. */
export const DEFAULT_REPLICATE_UPSCALE_MODEL =
  "nightmareai/real-esrgan:f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa";
/** FLUX.1 Kontext takes one input image: the most important reference. */
export const REPLICATE_MAX_REFERENCES = 1;
const DEFAULT_POLL_INTERVAL_MS = 1_000;
/**
 * How long Replicate holds the creating request (Prefer: wait). Kontext usually answers within
 * it, in one request; shorter than Replicate's 60 s so a cancel during that wait reaches it soon.
 */
const DEFAULT_SYNC_WAIT_SECONDS = 10;

const aspectRatio: Record<ImageSize, "1:1" | "2:3" | "3:2"> = { square: "1:1", portrait: "2:3", landscape: "3:2" };

export interface ReplicateProviderOptions {
  /** REPLICATE_API_TOKEN. */
  token: string;
  /** REPLICATE_BASE_URL: replaces https://api.replicate.com for a gateway or a test's fake. */
  baseUrl?: string;
  /** REPLICATE_MODEL: "owner/name" (an official model) or "owner/name:version". */
  model: string;
  /** The model that changes an image from words (REPLICATE_MODEL when not given). */
  editModel?: string;
  /** REPLICATE_FILL_MODEL: the model that repaints a masked region. */
  fillModel?: string;
  /** REPLICATE_UPSCALE_MODEL: the AI upscaler. */
  upscaleModel?: string;
  /** REPLICATE_TRAINER: the LoRA trainer, "owner/name:version". */
  trainer?: string;
  /** The longest one image may take, upload to download (PROVIDER_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** Pause between status polls; tests pass a short one. */
  pollIntervalMs?: number;
  /** Seconds Replicate holds the creating request before Motif polls (1 to 60). */
  syncWaitSeconds?: number;
}

const describeModel = (model: string) =>
  model === DEFAULT_REPLICATE_MODEL ? "FLUX.1 Kontext [pro] (no quality setting)" : `${model} (no quality setting)`;
const describeUpscaler = (model: string) => (model.startsWith("nightmareai/real-esrgan") ? "Real-ESRGAN" : model);
const describeTrainer = (trainer: string) =>
  trainer.startsWith("ostris/flux-dev-lora-trainer:") ? "FLUX LoRA trainer (ostris)" : trainer.split(":")[0]!;

/** The words of the request's trained model go first in the prompt, unless the prompt has them. */
export function withTriggerWord(prompt: string, learned: LearnedModel): string {
  const word = learned.triggerWord.trim();
  if (!word || prompt.toLowerCase().includes(word.toLowerCase())) return prompt;
  return `${word} ${prompt}`;
}

/**
 * Replicate's HTTP API: each image is one prediction on an official model (by name) or on a
 * version, created with Prefer: wait and then followed at its urls.get; input images go inline
 * as data URIs, or through its Files API when large. Kontext answers opaque images: the engine
 * mattes them. A style's trained LoRA (a version of a model Replicate's trainer made) draws
 * instead of Kontext when the request carries it.
 */
export function createReplicateProvider(options: ReplicateProviderOptions): ImageProvider {
  const connection = { token: options.token, baseUrl: options.baseUrl };
  const editModel = options.editModel ?? options.model;
  const fillModel = options.fillModel ?? DEFAULT_REPLICATE_FILL_MODEL;
  const upscaleModel = options.upscaleModel ?? DEFAULT_REPLICATE_UPSCALE_MODEL;
  const predictions: PredictionOptions = {
    connection,
    pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    syncWaitSeconds: options.syncWaitSeconds ?? DEFAULT_SYNC_WAIT_SECONDS,
  };
  const inputImage = createInputImages(connection);

  /** One prediction, its output downloaded. */
  async function run(
    model: string,
    input: Record<string, unknown>,
    signal: AbortSignal,
    onProgress: GenerateRequest["onProgress"],
    maxBytes?: number,
  ) {
    const urls = await runPrediction(predictions, model, input, signal, onProgress);
    return Promise.all(urls.map((url) => downloadImage(url, signal, maxBytes)));
  }

  /** n images as n predictions (Kontext makes one per request), each with its own seed so they differ. */
  async function each(
    request: GenerateRequest,
    signal: AbortSignal,
    model: string,
    input: (seed: number) => Record<string, unknown>,
  ) {
    const n = Math.max(request.n, 1);
    const made = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        run(model, input(request.seed + i), signal, i === 0 ? request.onProgress : undefined),
      ),
    );
    return made.flat();
  }

  async function generate(
    request: GenerateRequest,
    signal: AbortSignal,
    model = options.model,
  ): Promise<GenerateResult> {
    if (request.learned) return generateLearned(request, request.learned, signal);
    const [first, ...leftOut] = request.references;
    const image = first ? await inputImage(first, signal) : undefined;
    const images = await each(request, signal, model, (seed) => ({
      prompt: request.prompt,
      ...(image ? { input_image: image } : {}),
      aspect_ratio: aspectRatio[request.size],
      seed,
      output_format: "png",
    }));
    const notes =
      leftOut.length > 0
        ? [
            `${model} takes one input image: the first was sent and ${leftOut.length} other reference${leftOut.length === 1 ? " was" : "s were"} left out.`,
          ]
        : [];
    return { images, ...(notes.length ? { notes } : {}) };
  }

  /** The trained version draws from words alone: its trigger word calls up what it learned. */
  async function generateLearned(request: GenerateRequest, learned: LearnedModel, signal: AbortSignal) {
    const images = await each(request, signal, learned.ref, (seed) => ({
      prompt: withTriggerWord(request.prompt, learned),
      lora_scale: learned.scale,
      aspect_ratio: aspectRatio[request.size],
      num_outputs: 1,
      output_format: "png",
      seed,
    }));
    const notes =
      request.references.length > 0
        ? [
            `The trained model draws from its training: the ${request.references.length} reference image(s) were not sent.`,
          ]
        : [];
    return { images, ...(notes.length ? { notes } : {}) };
  }

  /**
   * An edit: Kontext with the base as its input image and the words as the change (the style's
   * references cannot go too); a repaint: the fill model with the base and its mask (white where
   * to paint).
   */
  async function edit(request: EditRequest, signal: AbortSignal): Promise<GenerateResult> {
    const leftOut = request.references.length;
    const note =
      leftOut > 0 ? [`Only the image being changed was sent: ${leftOut} reference image(s) were left out.`] : [];
    if (!request.mask) {
      const result = await generate({ ...request, learned: undefined, references: [request.base] }, signal, editModel);
      return { ...result, ...(note.length ? { notes: note } : {}) };
    }
    const [image, mask] = await Promise.all([
      inputImage(request.base, signal),
      inputImage({ data: request.mask, mimeType: "image/png" }, signal),
    ]);
    const images = await run(
      fillModel,
      { prompt: request.prompt, image, mask, seed: request.seed, output_format: "png" },
      signal,
      request.onProgress,
    );
    return { images, ...(note.length ? { notes: note } : {}) };
  }

  /** Real-ESRGAN (or REPLICATE_UPSCALE_MODEL) on the image, at the factor asked. */
  async function upscale(request: UpscaleRequest, signal: AbortSignal): Promise<GenerateResult> {
    const image = await inputImage(request.image, signal);
    const images = await run(
      upscaleModel,
      { image, scale: request.factor, face_enhance: false },
      signal,
      request.onProgress,
      MAX_UPSCALED_BYTES,
    );
    return { images };
  }

  /** One call, upload to download, within the deadline; transport failures said as provider errors. */
  async function withinDeadline(
    request: Pick<GenerateRequest, "signal">,
    call: (signal: AbortSignal) => Promise<GenerateResult>,
  ): Promise<GenerateResult> {
    try {
      return await withDeadline(options.timeoutMs, request.signal, call);
    } catch (error) {
      if (isProviderError(error)) throw error;
      throw transportError(error, request.signal);
    }
  }

  return {
    id: "replicate",
    model: options.model,
    label: modelLabel("replicate", options.model),
    capabilities: {
      nativeAlpha: false,
      characterReference: false,
      maxReferences: REPLICATE_MAX_REFERENCES,
      seed: true,
      sizes: aspectRatio,
      detail: {
        draft: describeModel(options.model),
        standard: describeModel(options.model),
        high: describeModel(options.model),
      },
      cancel: true,
      progress: true,
      edit: { words: true, region: true },
      upscale: { label: describeUpscaler(upscaleModel) },
      train: { label: describeTrainer(options.trainer ?? DEFAULT_REPLICATE_TRAINER) },
    },
    generate: (request) => withinDeadline(request, (signal) => generate(request, signal)),
    edit: (request) => withinDeadline(request, (signal) => edit(request, signal)),
    upscale: (request) => withinDeadline(request, (signal) => upscale(request, signal)),
    training: createReplicateTraining({
      connection,
      trainer: options.trainer ?? DEFAULT_REPLICATE_TRAINER,
      timeoutMs: options.timeoutMs,
    }),
    checkConnection: (signal) =>
      checkReplicateConnection({ ...connection, model: options.model, ref: parseModelRef(options.model) }, signal),
  };
}
