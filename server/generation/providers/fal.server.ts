import { modelLabel } from "#domain/models";
import { createFalClient, type FalClient, type QueueStatus } from "@fal-ai/client";
import { z } from "zod";
import type { DetailLevel, ImageSize } from "#domain/images";
import { withDeadline } from "../deadline.server";
import { checkFalConnection } from "./fal-check.server";
import { downloadImage, falFetch, isProviderError, MAX_UPSCALED_BYTES, transportError } from "./fal-http.server";
import { DEFAULT_FAL_LORA_MODEL, falLoraRequest } from "./fal-lora.server";
import { progressOf } from "./fal-queue.server";
import { createFalTraining, DEFAULT_FAL_TRAINER } from "./fal-training.server";
import { createReferenceUploads, STORAGE_EXPIRY } from "./fal-uploads.server";
import {
  ProviderAnswerError,
  ProviderRefusalError,
  ProviderRetryableError,
  type EditRequest,
  type UpscaleRequest,
  type GenerateRequest,
  type GenerateResult,
  type ImageProvider,
} from "./provider";

/** FLUX.1 Kontext [max] with several reference images. */
export const DEFAULT_FAL_MODEL = "fal-ai/flux-pro/kontext/max/multi";
/** FLUX.1 Fill [pro]: repaints the white region of a mask, keeping the rest. */
export const DEFAULT_FAL_FILL_MODEL = "fal-ai/flux-pro/v1/fill";
/** Real-ESRGAN on fal: an upscaler that takes a scale of 2 or 4. */
export const DEFAULT_FAL_UPSCALE_MODEL = "fal-ai/esrgan";
const describeUpscaler = (endpoint: string) => (endpoint === DEFAULT_FAL_UPSCALE_MODEL ? "Real-ESRGAN" : endpoint);
/**
 * The most references sent with one request. fal's multi endpoints state no maximum;
 * they lay the images out on one canvas, so each added image gets less room.
 */
export const FAL_MAX_REFERENCES = 4;
/** FLUX.1 Kontext makes 1 to 4 images per request. */
const MAX_IMAGES_PER_REQUEST = 4;
const DEFAULT_POLL_INTERVAL_MS = 500;
/** Status polls that may fail in a row (the job is already paid for) before giving up. */
const STATUS_ATTEMPTS = 3;
const CANCEL_TIMEOUT_MS = 10_000;

const aspectRatio: Record<ImageSize, "1:1" | "2:3" | "3:2"> = { square: "1:1", portrait: "2:3", landscape: "3:2" };

export interface FalProviderOptions {
  /** FAL_KEY: "key-id:key-secret". */
  key: string;
  /** FAL_MODEL: the endpoint used with references, e.g. fal-ai/flux-pro/kontext/max/multi. */
  model: string;
  /** FAL_FILL_MODEL: the endpoint that repaints a masked region (FLUX.1 Fill [pro] when not given). */
  fillModel?: string;
  /** FAL_UPSCALE_MODEL: the AI upscaler (ESRGAN when not given). */
  upscaleModel?: string;
  /** FAL_TRAINER: the LoRA trainer (FLUX LoRA fast training when not given). */
  trainer?: string;
  /** FAL_LORA_MODEL: the endpoint that draws with a trained LoRA (FLUX LoRA when not given). */
  loraModel?: string;
  /** FAL_BASE_URL: replaces fal's hosts (queue, storage, platform API) for a gateway or a test's fake. */
  baseUrl?: string;
  /** The longest one image may take, upload to download (PROVIDER_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** Pause between status polls; tests pass a short one. */
  pollIntervalMs?: number;
}

/** The endpoints one FAL_MODEL stands for, by detail level, with and without references. */
export interface FalEndpoints {
  withReferences: Record<DetailLevel, string>;
  withoutReferences: Record<DetailLevel, string>;
}

const KONTEXT = /^fal-ai\/flux-pro\/kontext(\/max)?(?:\/multi|\/text-to-image)?$/;

/**
 * FLUX.1 Kontext on fal comes in two tiers, [pro] and [max], each with a multi-reference
 * endpoint and a text-to-image one (a request without references). Draft asks the [pro]
 * tier (half the price, faster); standard and high ask the tier FAL_MODEL names. Kontext
 * has no steps or quality setting to turn. Any other model is used as it is, for all.
 */
export function falEndpoints(model: string): FalEndpoints {
  const kontext = KONTEXT.exec(model);
  if (!kontext) {
    const all = { draft: model, standard: model, high: model };
    return { withReferences: all, withoutReferences: all };
  }
  const tier = (max: boolean) => `fal-ai/flux-pro/kontext${max ? "/max" : ""}`;
  const chosen = tier(Boolean(kontext[1]));
  const byDetail = (endpoint: string) => ({
    draft: `${tier(false)}/${endpoint}`,
    standard: `${chosen}/${endpoint}`,
    high: `${chosen}/${endpoint}`,
  });
  return { withReferences: byDetail("multi"), withoutReferences: byDetail("text-to-image") };
}

const allEndpoints = (endpoints: FalEndpoints) => [
  ...Object.values(endpoints.withReferences),
  ...Object.values(endpoints.withoutReferences),
];

function describeEndpoint(endpoint: string): string {
  if (!KONTEXT.test(endpoint)) return `${endpoint} (no quality setting)`;
  return endpoint.includes("/kontext/max") ? "FLUX.1 Kontext [max]" : "FLUX.1 Kontext [pro]";
}

/** Image endpoints answer `images`; upscalers (ESRGAN) answer one `image`. */
const outputSchema = z
  .object({
    images: z.array(z.object({ url: z.string() })).optional(),
    image: z.object({ url: z.string() }).optional(),
    has_nsfw_concepts: z.array(z.boolean().nullable()).nullish(),
  })
  .refine((output) => output.images || output.image);

/**
 * fal.ai through its official client: references go to fal's storage, the request to
 * its queue, whose status is followed (queue, then the runner's logged steps) until the
 * images can be downloaded. A cancel (the request's signal) or the deadline cancels the
 * request on fal's queue too. Flux answers opaque images: the engine mattes them. With a
 * trained model (request.learned) it draws with FLUX LoRA (fal-lora.server.ts); trainings go
 * to FAL_TRAINER (fal-training.server.ts).
 */
export function createFalProvider(options: FalProviderOptions): ImageProvider {
  const endpoints = falEndpoints(options.model);
  const fillModel = options.fillModel ?? DEFAULT_FAL_FILL_MODEL;
  const upscaleModel = options.upscaleModel ?? DEFAULT_FAL_UPSCALE_MODEL;
  const trainer = options.trainer ?? DEFAULT_FAL_TRAINER;
  const loraModel = options.loraModel ?? DEFAULT_FAL_LORA_MODEL;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const uploadReference = createReferenceUploads();
  const client = (signal: AbortSignal): FalClient =>
    createFalClient({
      credentials: options.key,
      fetch: falFetch(signal, options.baseUrl),
      suppressLocalCredentialsWarning: true,
    });

  /** Asks fal to drop the request (not started: never billed) once the signal aborts. */
  function cancelOnAbort(signal: AbortSignal, endpoint: string, requestId: string): () => void {
    const cancel = () =>
      void client(AbortSignal.timeout(CANCEL_TIMEOUT_MS))
        .queue.cancel(endpoint, { requestId })
        .catch(() => {});
    if (signal.aborted) {
      cancel();
      return () => {};
    }
    signal.addEventListener("abort", cancel, { once: true });
    return () => signal.removeEventListener("abort", cancel);
  }

  /** Polls the request's status until it completes, reporting its progress on the way. */
  async function follow(
    fal: FalClient,
    endpoint: string,
    requestId: string,
    signal: AbortSignal,
    onProgress: GenerateRequest["onProgress"],
  ): Promise<void> {
    let failures = 0;
    let reported = -1;
    for (;;) {
      let status: QueueStatus;
      try {
        status = await fal.queue.status(endpoint, { requestId, logs: true, abortSignal: signal });
        failures = 0;
      } catch (error) {
        if (!(error instanceof ProviderRetryableError) || signal.aborted || ++failures >= STATUS_ATTEMPTS) throw error;
        await pause(pollIntervalMs, signal);
        continue;
      }
      const progress = progressOf(status);
      if (progress.step !== reported) {
        reported = progress.step;
        onProgress?.(progress);
      }
      if (status.status === "COMPLETED") return;
      await pause(pollIntervalMs, signal);
    }
  }

  async function generate(request: GenerateRequest, signal: AbortSignal): Promise<GenerateResult> {
    const fal = client(signal);
    if (request.learned) {
      const { input, notes } = falLoraRequest(request, request.learned, MAX_IMAGES_PER_REQUEST);
      const result = await run(fal, request, signal, loraModel, input);
      return notes.length > 0 ? { ...result, notes } : result;
    }
    const references = request.references.slice(0, FAL_MAX_REFERENCES);
    const endpoint = (references.length > 0 ? endpoints.withReferences : endpoints.withoutReferences)[request.detail];
    const imageUrls = await Promise.all(references.map((ref, i) => uploadReference(fal, ref, i)));
    return run(fal, request, signal, endpoint, {
      prompt: request.prompt,
      ...(imageUrls.length > 0 ? { image_urls: imageUrls } : {}),
      aspect_ratio: aspectRatio[request.size],
      num_images: Math.min(Math.max(request.n, 1), MAX_IMAGES_PER_REQUEST),
      seed: request.seed,
      output_format: "png",
    });
  }

  /**
   * An edit: Kontext with the base as its first image and the words as the change; a repaint:
   * the fill endpoint with the base and its mask (white where to paint), which takes no references.
   * Both change the base itself, so a trained model (which FLUX LoRA draws with, from words alone) is not used.
   */
  async function edit(request: EditRequest, signal: AbortSignal): Promise<GenerateResult> {
    if (!request.mask) {
      return generate({ ...request, learned: undefined, references: [request.base, ...request.references] }, signal);
    }
    const fal = client(signal);
    const [imageUrl, maskUrl] = await Promise.all([
      uploadReference(fal, request.base, 0),
      uploadReference(fal, { data: request.mask, mimeType: "image/png" }, 1),
    ]);
    return run(fal, request, signal, fillModel, {
      prompt: request.prompt,
      image_url: imageUrl,
      mask_url: maskUrl,
      num_images: 1,
      seed: request.seed,
      output_format: "png",
    });
  }

  /** ESRGAN (or FAL_UPSCALE_MODEL) on the image, uploaded to fal's storage, at the factor asked. */
  async function upscale(request: UpscaleRequest, signal: AbortSignal): Promise<GenerateResult> {
    const fal = client(signal);
    const imageUrl = await uploadReference(fal, request.image, 0);
    return run(
      fal,
      request,
      signal,
      upscaleModel,
      { image_url: imageUrl, scale: request.factor, model: "RealESRGAN_x4plus", output_format: "png" },
      MAX_UPSCALED_BYTES,
    );
  }

  /** Submits one request to fal's queue, follows it, and downloads what it made. */
  async function run(
    fal: FalClient,
    request: Pick<GenerateRequest, "onProgress">,
    signal: AbortSignal,
    endpoint: string,
    input: Record<string, unknown>,
    maxBytes?: number,
  ): Promise<GenerateResult> {
    // fal drops a request that has not started by the time Motif stops waiting (at least 2 s).
    const startTimeout = Math.floor(options.timeoutMs / 1000);
    const { request_id: requestId } = await fal.queue.submit(endpoint, {
      input,
      storageSettings: { expiresIn: STORAGE_EXPIRY },
      ...(startTimeout >= 2 ? { startTimeout } : {}),
      abortSignal: signal,
    });
    const stopCancelling = cancelOnAbort(signal, endpoint, requestId);
    try {
      await follow(fal, endpoint, requestId, signal, request.onProgress);
    } finally {
      stopCancelling();
    }
    const { data } = await fal.queue.result(endpoint, { requestId, abortSignal: signal });
    const parsed = outputSchema.safeParse(data);
    if (!parsed.success) throw new ProviderAnswerError("The image service answered in a form Motif does not know");
    const { has_nsfw_concepts: flagged } = parsed.data;
    const images = parsed.data.images ?? (parsed.data.image ? [parsed.data.image] : []);
    // fal blanks an image its safety checker flags and says so here.
    const kept = images.filter((_, i) => !flagged?.[i]);
    if (images.length > 0 && kept.length === 0) {
      throw new ProviderRefusalError("The image service declined this request under its content policy");
    }
    if (kept.length === 0) throw new ProviderAnswerError("The image service returned no images");
    return { images: await Promise.all(kept.map((image) => downloadImage(image.url, signal, maxBytes))) };
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
    id: "fal",
    model: options.model,
    label: modelLabel("fal", options.model),
    capabilities: {
      nativeAlpha: false,
      characterReference: false,
      maxReferences: FAL_MAX_REFERENCES,
      seed: true,
      sizes: aspectRatio,
      detail: {
        draft: describeEndpoint(endpoints.withReferences.draft),
        standard: describeEndpoint(endpoints.withReferences.standard),
        high: describeEndpoint(endpoints.withReferences.high),
      },
      cancel: true,
      progress: true,
      edit: { words: true, region: true },
      upscale: { label: describeUpscaler(upscaleModel) },
      train: { label: trainer === DEFAULT_FAL_TRAINER ? "FLUX LoRA fast training" : trainer },
    },
    generate: (request) => withinDeadline(request, (signal) => generate(request, signal)),
    edit: (request) => withinDeadline(request, (signal) => edit(request, signal)),
    upscale: (request) => withinDeadline(request, (signal) => upscale(request, signal)),
    training: createFalTraining({ trainer, timeoutMs: options.timeoutMs }, client),
    checkConnection: (signal) =>
      checkFalConnection({ ...options, endpoints: [...new Set([options.model, ...allEndpoints(endpoints)])] }, signal),
  };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
