import { MAX_UPSCALED_BYTES } from "./fal-http.server";
import { getResult, postForImage, stabilityJson, type StabilityConnection } from "./stability-http.server";
import { ProviderAnswerError, type GeneratedImage, type UpscaleRequest } from "./provider";

/** STABILITY_UPSCALE: which of Stability's upscalers "AI upscale" runs. */
export type StabilityUpscaler = "fast" | "conservative" | "creative";
export const STABILITY_UPSCALERS = ["fast", "conservative", "creative"] as const;

export const upscalerLabel: Record<StabilityUpscaler, string> = {
  fast: "Stable Fast Upscale",
  conservative: "Stable Conservative Upscale",
  creative: "Stable Creative Upscale",
};

/**
 * Conservative and Creative Upscale require words describing the picture; Motif's upscale has
 * none to give, so they are asked to keep what is there.
 */
export const UPSCALE_PROMPT = "The same picture at a higher resolution: sharp, clean and faithful to the original.";
/** Creative Upscale's creativity (0.1 to 0.5): low, so it invents little. */
const CREATIVITY = 0.2;

export interface UpscaleOptions {
  connection: StabilityConnection;
  upscaler: StabilityUpscaler;
  /** Pause between looks at a Creative Upscale's result. */
  pollIntervalMs: number;
}

/**
 * The image made larger: Fast (×4, synchronous), Conservative (to about 4 MP, synchronous) or
 * Creative (asynchronous: started, then its result fetched until it is ready). Each answers
 * its own size; Motif sizes the answer to the factor asked.
 */
export async function stabilityUpscale(
  options: UpscaleOptions,
  request: UpscaleRequest,
  signal: AbortSignal,
): Promise<GeneratedImage> {
  const { connection } = options;
  const image = request.image;
  if (options.upscaler === "fast") {
    return postForImage(
      connection,
      "/v2beta/stable-image/upscale/fast",
      { image, output_format: "png" },
      signal,
      MAX_UPSCALED_BYTES,
    );
  }
  if (options.upscaler === "conservative") {
    return postForImage(
      connection,
      "/v2beta/stable-image/upscale/conservative",
      { image, prompt: UPSCALE_PROMPT, output_format: "png" },
      signal,
      MAX_UPSCALED_BYTES,
    );
  }
  const { body } = await stabilityJson(connection, "/v2beta/stable-image/upscale/creative", {
    fields: { image, prompt: UPSCALE_PROMPT, creativity: CREATIVITY, output_format: "png" },
    signal,
  });
  const id = (body as { id?: unknown } | null)?.id;
  if (typeof id !== "string" || !id) {
    throw new ProviderAnswerError("The image service started an upscale without an id Motif can follow");
  }
  return awaitResult(options, id, signal);
}

/** Looks at a result until it is ready: 202 while in progress; the deadline's signal ends the wait. */
async function awaitResult(options: UpscaleOptions, id: string, signal: AbortSignal): Promise<GeneratedImage> {
  for (;;) {
    const image = await getResult(options.connection, id, signal, MAX_UPSCALED_BYTES);
    if (image) return image;
    await pause(options.pollIntervalMs, signal);
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
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
