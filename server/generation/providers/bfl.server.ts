import { modelLabel } from "#domain/models";
import type { ImageSize } from "#domain/images";
import { withDeadline } from "../deadline.server";
import { checkBflConnection } from "./bfl-check.server";
import { downloadSample } from "./bfl-download.server";
import { isProviderError, transportError } from "./bfl-http.server";
import { runTask, type TaskOptions } from "./bfl-tasks.server";
import type { EditRequest, GenerateRequest, GenerateResult, ImageProvider, ReferenceImage } from "./provider";

/** FLUX.1 Kontext [pro]: words, and up to four input images (the first the main one). */
export const DEFAULT_BFL_MODEL = "flux-kontext-pro";
/** FLUX.1 Fill [pro]: repaints the white region of a mask, keeping the rest. */
export const DEFAULT_BFL_FILL_MODEL = "flux-pro-1.0-fill";
/** Kontext's input_image, input_image_2…_4 (the last three "experimental multiref" in BFL's docs). */
export const BFL_KONTEXT_MAX_REFERENCES = 4;
/** BFL's default: 0 strictest, 6 most permissive; 2 is the most it allows with input images. */
const SAFETY_TOLERANCE = 2;
/** BFL asks for polls about every half second. */
const DEFAULT_POLL_INTERVAL_MS = 500;

const aspectRatio: Record<ImageSize, string> = { square: "1:1", portrait: "2:3", landscape: "3:2" };
/** For models that take width and height (FLUX 1.1 [pro]): multiples of 32, about one megapixel. */
const dimensions: Record<ImageSize, [number, number]> = {
  square: [1024, 1024],
  portrait: [832, 1248],
  landscape: [1248, 832],
};

export interface BflProviderOptions {
  /** BFL_API_KEY. */
  key: string;
  /** BFL_BASE_URL: https://api.bfl.ai unless a region (api.eu.bfl.ai, api.us.bfl.ai) or a gateway. */
  baseUrl?: string;
  /** BFL_MODEL: a Kontext model, or one that draws from words at a width and height (flux-pro-1.1). */
  model: string;
  /** BFL_FILL_MODEL: the model that repaints a masked region. */
  fillModel?: string;
  /** The longest one image may take, submission to download (PROVIDER_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** Pause between polls; tests pass a short one. */
  pollIntervalMs?: number;
}

/** Kontext takes words and input images; the others (FLUX 1.1 [pro]) words alone, at a width and height. */
export const isKontext = (model: string) => model.startsWith("flux-kontext");

const describeModel = (model: string) =>
  model === "flux-kontext-pro"
    ? "FLUX.1 Kontext [pro] (no quality setting)"
    : model === "flux-kontext-max"
      ? "FLUX.1 Kontext [max] (no quality setting)"
      : model === "flux-pro-1.1"
        ? "FLUX 1.1 [pro] (no quality setting)"
        : `${model} (no quality setting)`;

const base64Of = (image: ReferenceImage) => image.data.toString("base64");

/** Kontext's input image fields in order: input_image, input_image_2, … */
function inputImages(images: ReferenceImage[]): Record<string, string> {
  return Object.fromEntries(
    images.map((image, i) => [i === 0 ? "input_image" : `input_image_${i + 1}`, base64Of(image)] as const),
  );
}

const leftOutNote = (model: string, sent: number, leftOut: number) =>
  leftOut > 0
    ? [
        sent === 0
          ? `${model} draws from words alone: ${leftOut} reference image(s) were not sent.`
          : `${model} takes ${sent} input image(s): ${leftOut} other reference image(s) were left out.`,
      ]
    : [];

/**
 * Black Forest Labs' own API (api.bfl.ai): each image is one task, submitted to /v1/<model> with
 * the key in x-key and then polled at the polling_url it answers until Ready; its image is
 * downloaded from a signed link that expires. Input images go inline as base64. BFL cannot
 * cancel a task: a cancel or the deadline stops Motif's wait, and the task ends on its own.
 * FLUX answers opaque images: the engine mattes them.
 */
export function createBflProvider(options: BflProviderOptions): ImageProvider {
  const connection = { key: options.key, baseUrl: options.baseUrl };
  const tasks: TaskOptions = { connection, pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS };
  const fillModel = options.fillModel ?? DEFAULT_BFL_FILL_MODEL;
  // Words change an image through Kontext, even when BFL_MODEL draws from words alone.
  const editModel = isKontext(options.model) ? options.model : DEFAULT_BFL_MODEL;
  const maxReferences = isKontext(options.model) ? BFL_KONTEXT_MAX_REFERENCES : 0;

  /** n images as n tasks (one image each), each with its own seed so they differ. */
  async function each(
    request: GenerateRequest,
    signal: AbortSignal,
    model: string,
    input: (seed: number) => Record<string, unknown>,
  ): Promise<GenerateResult["images"]> {
    const n = Math.max(request.n, 1);
    return Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const sample = await runTask(
          tasks,
          model,
          input(request.seed + i),
          signal,
          i === 0 ? request.onProgress : undefined,
        );
        return downloadSample(sample, signal);
      }),
    );
  }

  async function generate(request: GenerateRequest, signal: AbortSignal): Promise<GenerateResult> {
    const model = options.model;
    const sent = request.references.slice(0, maxReferences);
    const common = { prompt: request.prompt, output_format: "png", safety_tolerance: SAFETY_TOLERANCE };
    const images = await each(request, signal, model, (seed) =>
      isKontext(model)
        ? { ...common, ...inputImages(sent), aspect_ratio: aspectRatio[request.size], seed }
        : { ...common, width: dimensions[request.size][0], height: dimensions[request.size][1], seed },
    );
    const notes = leftOutNote(model, sent.length, request.references.length - sent.length);
    return { images, ...(notes.length ? { notes } : {}) };
  }

  /**
   * An edit: Kontext with the base as its input image, the style's most important references
   * after it; a repaint: the fill model with the base and its mask (white where to paint).
   */
  async function edit(request: EditRequest, signal: AbortSignal): Promise<GenerateResult> {
    if (request.mask) {
      const mask = request.mask;
      const images = await each({ ...request, n: 1 }, signal, fillModel, (seed) => ({
        prompt: request.prompt,
        image: base64Of(request.base),
        mask: mask.toString("base64"),
        seed,
        output_format: "png",
        safety_tolerance: SAFETY_TOLERANCE,
      }));
      const leftOut = request.references.length;
      const notes =
        leftOut > 0 ? [`Only the image being changed was sent: ${leftOut} reference image(s) were left out.`] : [];
      return { images, ...(notes.length ? { notes } : {}) };
    }
    const references = request.references.slice(0, BFL_KONTEXT_MAX_REFERENCES - 1);
    const images = await each(request, signal, editModel, (seed) => ({
      prompt: request.prompt,
      ...inputImages([request.base, ...references]),
      aspect_ratio: aspectRatio[request.size],
      seed,
      output_format: "png",
      safety_tolerance: SAFETY_TOLERANCE,
    }));
    const notes = leftOutNote(editModel, references.length + 1, request.references.length - references.length);
    return { images, ...(notes.length ? { notes } : {}) };
  }

  /** One call, submission to download, within the deadline; transport failures said as provider errors. */
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
    id: "bfl",
    model: options.model,
    label: modelLabel("bfl", options.model),
    capabilities: {
      nativeAlpha: false,
      characterReference: false,
      maxReferences,
      seed: true,
      sizes: isKontext(options.model)
        ? aspectRatio
        : {
            square: dimensions.square.join("x"),
            portrait: dimensions.portrait.join("x"),
            landscape: dimensions.landscape.join("x"),
          },
      detail: {
        draft: describeModel(options.model),
        standard: describeModel(options.model),
        high: describeModel(options.model),
      },
      // BFL has no endpoint to stop a task: a cancel only ends Motif's wait.
      cancel: false,
      progress: true,
      edit: { words: true, region: true },
    },
    generate: (request) => withinDeadline(request, (signal) => generate(request, signal)),
    edit: (request) => withinDeadline(request, (signal) => edit(request, signal)),
    checkConnection: (signal) => checkBflConnection({ ...connection, model: options.model }, signal),
  };
}
