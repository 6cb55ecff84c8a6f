import { modelLabel } from "#domain/models";
import type { DetailLevel, ImageSize } from "#domain/images";
import { withDeadline } from "../deadline.server";
import { checkStabilityConnection } from "./stability-check.server";
import { isProviderError, postForImage, transportError, type FormFields } from "./stability-http.server";
import { outpaintOnCanvas, stabilityOutpaint, type StabilityOutpaintRequest } from "./stability-outpaint.server";
import { stabilityUpscale, upscalerLabel, type StabilityUpscaler } from "./stability-upscale.server";
import type { EditRequest, GenerateRequest, GenerateResult, ImageProvider, ReferenceImage } from "./provider";

export type StabilityModel = "core" | "ultra";
export const STABILITY_MODELS = ["core", "ultra"] as const;
export const DEFAULT_STABILITY_MODEL: StabilityModel = "core";

const modelNames: Record<StabilityModel, string> = { core: "Stable Image Core", ultra: "Stable Image Ultra" };
const aspectRatio: Record<ImageSize, "1:1" | "2:3" | "3:2"> = { square: "1:1", portrait: "2:3", landscape: "3:2" };
/** Stability's seeds run 0 to 4294967294, and 0 asks for a random one. */
const MAX_SEED = 4294967294;
/**
 * Ultra's `strength` with a reference (0 keeps the input, 1 ignores it): high, so the reference
 * lends its look while the words decide the subject.
 */
export const REFERENCE_STRENGTH = 0.75;
/** Ultra's `strength` when it changes an image as words say: enough to change it, not to lose it. */
export const EDIT_STRENGTH = 0.6;
/** Structure control's strength (0 to 1) when Core changes an image as words say: keep its shapes. */
export const EDIT_CONTROL_STRENGTH = 0.7;

export interface StabilityProviderOptions {
  /** STABILITY_API_KEY. */
  apiKey: string;
  /** STABILITY_BASE_URL: replaces https://api.stability.ai for a gateway or a test's fake. */
  baseUrl?: string;
  /** STABILITY_MODEL: core or ultra (drafts always run on Core). */
  model: StabilityModel;
  /** STABILITY_UPSCALE: fast (default), conservative or creative. */
  upscaler?: StabilityUpscaler;
  /** The longest one image may take, upload to download (PROVIDER_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** Pause between looks at an asynchronous result; tests pass a short one. */
  pollIntervalMs?: number;
}

/** Motif's seed as Stability takes it: the same number within its range, never 0 (random). */
export function stabilitySeed(seed: number): number {
  const within = Math.abs(Math.trunc(seed)) % (MAX_SEED + 1);
  return within === 0 ? MAX_SEED : within;
}
/** The seeds of a request's n images, one each so they differ. */
const seedsOf = (request: GenerateRequest) =>
  Array.from({ length: Math.max(request.n, 1) }, (_, i) => stabilitySeed(request.seed + i));
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The Stability provider, with Stability's own outpaint beside the provider's methods. */
export type StabilityProvider = ImageProvider & {
  outpaint(request: StabilityOutpaintRequest): Promise<GenerateResult>;
};

/**
 * Stability AI's Stable Image API (v2beta): multipart requests answered with the image's bytes.
 * Core draws from words alone; Ultra also takes one image as a starting point, the most important
 * reference. New space around a picture is painted by Outpaint, a masked region by Inpaint; a
 * change in words is Ultra from the image, or Core's Structure control keeping its shapes. The
 * images are opaque: the engine mattes them. Stability has no cancel: an abort closes the request,
 * and whatever it was making is paid.
 */
export function createStabilityProvider(options: StabilityProviderOptions): StabilityProvider {
  const connection = { apiKey: options.apiKey, baseUrl: options.baseUrl };
  const upscaler = options.upscaler ?? "fast";
  const modelFor = (detail: DetailLevel): StabilityModel => (detail === "draft" ? "core" : options.model);

  /** n images as n requests (each endpoint makes one), each with its own seed so they differ. */
  async function each(request: GenerateRequest, signal: AbortSignal, path: string, fields: FormFields) {
    return Promise.all(seedsOf(request).map((seed) => postForImage(connection, path, { ...fields, seed }, signal)));
  }

  async function generate(request: GenerateRequest, signal: AbortSignal): Promise<GenerateResult> {
    const model = modelFor(request.detail);
    const [first, ...others] = request.references;
    const reference = model === "ultra" ? first : undefined;
    const images = await each(request, signal, `/v2beta/stable-image/generate/${model}`, {
      prompt: request.prompt,
      aspect_ratio: aspectRatio[request.size],
      output_format: "png",
      ...(reference ? { image: reference, strength: REFERENCE_STRENGTH } : {}),
    });
    const notes: string[] = [];
    if (model === "core" && request.references.length > 0) {
      notes.push(
        `Stable Image Core takes no input image: ${plural(request.references.length, "reference image was", "reference images were")} left out.`,
      );
    } else if (others.length > 0) {
      notes.push(
        `Stable Image Ultra takes one input image: the first was sent and ${plural(others.length, "other reference was", "other references were")} left out.`,
      );
    }
    return { images, ...(notes.length ? { notes } : {}) };
  }

  /**
   * New space around the picture (an outpaint): Stability's own Outpaint. A masked region: Inpaint
   * (white repaints, black keeps). A change in words: Ultra from the base (image-to-image), or
   * Core's Structure control, which redraws it keeping its shapes.
   */
  async function edit(request: EditRequest, signal: AbortSignal): Promise<GenerateResult> {
    const base: ReferenceImage = request.base;
    const common = { prompt: request.prompt, output_format: "png" };
    let images;
    if (request.outpaint && request.mask) {
      images = await outpaintOnCanvas(connection, { ...request, mask: request.mask }, seedsOf(request), signal);
    } else if (request.mask) {
      const mask: ReferenceImage = { data: request.mask, mimeType: "image/png" };
      images = await each(request, signal, "/v2beta/stable-image/edit/inpaint", { ...common, image: base, mask });
    } else if (options.model === "ultra") {
      images = await each(request, signal, "/v2beta/stable-image/generate/ultra", {
        ...common,
        image: base,
        strength: EDIT_STRENGTH,
      });
    } else {
      images = await each(request, signal, "/v2beta/stable-image/control/structure", {
        ...common,
        image: base,
        control_strength: EDIT_CONTROL_STRENGTH,
      });
    }
    const leftOut = request.references.length;
    const notes =
      leftOut > 0 ? [`Only the image being changed was sent: ${leftOut} reference image(s) were left out.`] : [];
    return { images, ...(notes.length ? { notes } : {}) };
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

  const upscaleOptions = { connection, upscaler, pollIntervalMs: options.pollIntervalMs ?? 2_000 };
  const name = modelNames[options.model];
  return {
    id: "stability",
    model: options.model,
    label: modelLabel("stability", name),
    capabilities: {
      nativeAlpha: false,
      characterReference: false,
      maxReferences: options.model === "ultra" ? 1 : 0,
      seed: true,
      sizes: aspectRatio,
      detail: { draft: modelNames.core, standard: name, high: name },
      cancel: false,
      progress: false,
      edit: { words: true, region: true },
      upscale: { label: upscalerLabel[upscaler] },
    },
    generate: (request) => withinDeadline(request, (signal) => generate(request, signal)),
    edit: (request) => withinDeadline(request, (signal) => edit(request, signal)),
    upscale: (request) =>
      withinDeadline(request, async (signal) => ({
        images: [await stabilityUpscale(upscaleOptions, request, signal)],
      })),
    outpaint: (request) =>
      withinDeadline(request, async (signal) => ({
        images: [await stabilityOutpaint(connection, request, signal)],
      })),
    checkConnection: (signal) => checkStabilityConnection({ ...connection, modelName: name }, signal),
  };
}
