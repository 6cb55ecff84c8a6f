import sharp from "sharp";
import { modelLabel } from "#domain/models";
import type { DetailLevel, ImageSize } from "#domain/images";
import { withDeadline } from "../deadline.server";
import { checkA1111Connection } from "./a1111-check.server";
import { a1111Json, isProviderError, transportError, type A1111Connection } from "./a1111-http.server";
import { runA1111 } from "./a1111-run.server";
import {
  ProviderError,
  type EditRequest,
  type GenerateRequest,
  type GenerateResult,
  type GeneratedImage,
  type ImageProvider,
  type LearnedModel,
} from "./provider";

/** SDXL's native sizes, about one megapixel, multiples of 64. */
export const A1111_SIZES: Record<ImageSize, { width: number; height: number }> = {
  square: { width: 1024, height: 1024 },
  portrait: { width: 832, height: 1216 },
  landscape: { width: 1216, height: 832 },
};
export const A1111_DEFAULT_STEPS: Record<DetailLevel, number> = { draft: 12, standard: 24, high: 36 };
export const A1111_NEGATIVE_PROMPT = "blurry, low quality, jpeg artifacts, watermark, signature, text";
/** A sampler every WebUI and Forge version has, under this name. */
export const A1111_SAMPLER = "Euler a";
const CFG_SCALE = 7;
/** How far img2img moves from its starting image: a style reference, a change from words, a region. */
const DENOISING = { reference: 0.75, edit: 0.6, region: 0.75, outpaint: 0.9 } as const;
/** inpainting_fill: what the masked area starts from ("original", or "latent noise" for new space). */
const FILL = { original: 1, latentNoise: 2 } as const;

export interface A1111ProviderOptions extends A1111Connection {
  /** A1111_MODEL: a checkpoint's title; the WebUI's loaded one when not given. */
  model?: string;
  /** A1111_STEPS: sampling steps per detail level. */
  steps?: Record<DetailLevel, number>;
  /** The longest one image may take (PROVIDER_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** Pause between progress polls; tests pass a short one. */
  progressIntervalMs?: number;
}

/** The prompt with the LoRA's trigger word first (unless it has it) and the WebUI's <lora:name:weight> tag. */
export function withLora(prompt: string, learned: LearnedModel): string {
  const word = learned.triggerWord.trim();
  const words = word && !prompt.toLowerCase().includes(word.toLowerCase()) ? `${word} ${prompt}` : prompt;
  return `${words} <lora:${learned.ref}:${Number(learned.scale.toFixed(2))}>`;
}

/**
 * A self-hosted Stable Diffusion WebUI (AUTOMATIC1111 or Forge) over its --api: one txt2img per
 * image, img2img from the first reference, for an edit and for a masked region. Its answer is the
 * image itself, in base64. It has no moderation and no training; a LoRA file in its models/Lora
 * folder draws when a style's training names it.
 */
export function createA1111Provider(options: A1111ProviderOptions): ImageProvider {
  const connection: A1111Connection = { baseUrl: options.baseUrl, auth: options.auth };
  const steps = options.steps ?? A1111_DEFAULT_STEPS;
  const run = { connection, progressIntervalMs: options.progressIntervalMs };
  const model = options.model ?? "the WebUI's loaded checkpoint";

  /** What every request carries: the words, the sampler and the checkpoint. */
  function common(request: GenerateRequest, seed: number, prompt = request.prompt) {
    return {
      prompt,
      negative_prompt: A1111_NEGATIVE_PROMPT,
      steps: steps[request.detail],
      seed,
      batch_size: 1,
      n_iter: 1,
      sampler_name: A1111_SAMPLER,
      cfg_scale: CFG_SCALE,
      send_images: true,
      save_images: false,
      ...(options.model
        ? { override_settings: { sd_model_checkpoint: options.model }, override_settings_restore_afterwards: true }
        : {}),
    };
  }

  /** n images one after the other (the WebUI runs one at a time), each with its own seed. */
  async function each(request: GenerateRequest, make: (seed: number) => Promise<GeneratedImage>) {
    const images: GeneratedImage[] = [];
    for (let i = 0; i < Math.max(request.n, 1); i++) images.push(await make(request.seed + i));
    return images;
  }

  async function generate(request: GenerateRequest, signal: AbortSignal): Promise<GenerateResult> {
    const prompt = request.learned ? withLora(request.prompt, request.learned) : request.prompt;
    if (request.learned) await requireLora(request.learned.ref, signal);
    const [first, ...leftOut] = request.references;
    const size = A1111_SIZES[request.size];
    const images = await each(request, (seed) =>
      first
        ? runA1111(
            run,
            "/sdapi/v1/img2img",
            {
              ...common(request, seed, prompt),
              ...size,
              init_images: [first.data.toString("base64")],
              denoising_strength: DENOISING.reference,
              resize_mode: 0,
            },
            signal,
            request.onProgress,
          )
        : runA1111(run, "/sdapi/v1/txt2img", { ...common(request, seed, prompt), ...size }, signal, request.onProgress),
    );
    const notes =
      leftOut.length > 0
        ? [
            `The WebUI starts img2img from one image: the first reference was sent and ${leftOut.length} other reference${leftOut.length === 1 ? " was" : "s were"} left out.`,
          ]
        : [];
    return { images, ...(notes.length ? { notes } : {}) };
  }

  /** img2img from the base; with a mask, only its white region is repainted. */
  async function edit(request: EditRequest, signal: AbortSignal): Promise<GenerateResult> {
    const { width, height } = await sharp(request.base.data).metadata();
    if (!width || !height) throw new ProviderError("The image to change could not be read");
    const region = request.mask
      ? {
          mask: request.mask.toString("base64"),
          mask_blur: 4,
          inpainting_fill: request.outpaint ? FILL.latentNoise : FILL.original,
          inpaint_full_res: false,
          inpainting_mask_invert: 0,
          denoising_strength: request.outpaint ? DENOISING.outpaint : DENOISING.region,
        }
      : { denoising_strength: DENOISING.edit };
    const images = await each({ ...request, n: 1 }, (seed) =>
      runA1111(
        run,
        "/sdapi/v1/img2img",
        {
          ...common(request, seed),
          width,
          height,
          init_images: [request.base.data.toString("base64")],
          resize_mode: 0,
          ...region,
        },
        signal,
        request.onProgress,
      ),
    );
    const leftOut = request.references.length;
    const notes =
      leftOut > 0 ? [`Only the image being changed was sent: ${leftOut} reference image(s) were left out.`] : [];
    return { images, ...(notes.length ? { notes } : {}) };
  }

  /** The WebUI skips a LoRA it does not have without a word: Motif says so instead. */
  async function requireLora(name: string, signal: AbortSignal) {
    const loras = await a1111Json(connection, "/sdapi/v1/loras", { signal });
    const known = Array.isArray(loras)
      ? loras.some((lora: { name?: unknown; alias?: unknown }) => lora?.name === name || lora?.alias === name)
      : false;
    if (!known)
      throw new ProviderError(
        `The WebUI has no LoRA named ${name}: put its file in the WebUI's models/Lora folder and refresh its LoRA list`,
      );
  }

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

  const detail = (n: number) => `${n} steps, ${A1111_SAMPLER}`;
  return {
    id: "a1111",
    model,
    label: modelLabel("a1111", model),
    capabilities: {
      nativeAlpha: false,
      characterReference: false,
      maxReferences: 1,
      seed: true,
      sizes: {
        square: `${A1111_SIZES.square.width}×${A1111_SIZES.square.height}`,
        portrait: `${A1111_SIZES.portrait.width}×${A1111_SIZES.portrait.height}`,
        landscape: `${A1111_SIZES.landscape.width}×${A1111_SIZES.landscape.height}`,
      },
      detail: { draft: detail(steps.draft), standard: detail(steps.standard), high: detail(steps.high) },
      cancel: true,
      progress: true,
      edit: { words: true, region: true },
    },
    generate: (request) => withinDeadline(request, (signal) => generate(request, signal)),
    edit: (request) => withinDeadline(request, (signal) => edit(request, signal)),
    checkConnection: (signal) => checkA1111Connection({ ...connection, model: options.model }, signal),
  };
}
