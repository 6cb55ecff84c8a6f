import {
  ProviderOpaqueImageError,
  ProviderRefusalError,
  ProviderRetryableError,
  ProviderTimeoutError,
  type GenerateRequest,
  type GenerateResult,
  type ImageProvider,
} from "./providers/provider";

/** The deadline of one provider call when none is configured: PROVIDER_TIMEOUT_SECONDS' default. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 120_000;

export interface RetryOptions {
  maxAttempts: number;
  /** The longest one provider call may take, headers and body together (PROVIDER_TIMEOUT_SECONDS). */
  timeoutMs?: number;
  /** Pause before retry number `attempt` (1-based); tests pass a short one. */
  backoffMs?: (attempt: number) => number;
  signal?: AbortSignal;
}

const BACKOFF_JITTER_MS = 250;
const defaultBackoff = (attempt: number) =>
  Math.min(30_000, 1000 * 2 ** (attempt - 1)) + Math.random() * BACKOFF_JITTER_MS;

/** The longest the pauses between one image's attempts can add up to. */
export function longestBackoffMs(maxAttempts: number): number {
  let total = 0;
  for (let attempt = 1; attempt < maxAttempts; attempt++) total += Math.min(30_000, 1000 * 2 ** (attempt - 1));
  return total + (maxAttempts - 1) * BACKOFF_JITTER_MS;
}

/**
 * Calls the provider, retrying rate limits, server errors and timeouts within a bounded
 * budget. Before each retry (seconds may have passed) it asks `stillWanted`, since the
 * job may have been cancelled meanwhile, and answers null instead of paying for an image
 * nobody wants. The first call needs no check: the caller has just checked.
 */
export async function generateWithRetries(
  provider: ImageProvider,
  request: GenerateRequest,
  options: RetryOptions,
  stillWanted: () => Promise<boolean>,
): Promise<GenerateResult | null> {
  const backoff = options.backoffMs ?? defaultBackoff;
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1 && !(await stillWanted())) return null;
    try {
      return await callWithDeadline(provider, request, options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS);
    } catch (error) {
      if (!(error instanceof ProviderRetryableError) || attempt >= options.maxAttempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoff(attempt)));
      options.signal?.throwIfAborted();
    }
  }
}

/**
 * One provider call, bounded as a whole. An SDK's own timeout may stop at the response
 * headers, so a service that sends headers and then stalls the body would hold a worker
 * slot for ever: the deadline's signal goes to the provider (which aborts its request and
 * body read with it), and the call is abandoned at the deadline even if the provider
 * ignores the signal. A deadline is a timeout (retryable); the caller's own abort
 * (shutdown, expiry) passes through as it is.
 */
async function callWithDeadline(
  provider: ImageProvider,
  request: GenerateRequest,
  timeoutMs: number,
): Promise<GenerateResult> {
  const outer = request.signal;
  outer?.throwIfAborted();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new ProviderTimeoutError(timeoutMs)), timeoutMs);
  const signal = outer ? AbortSignal.any([outer, deadline.signal]) : deadline.signal;
  let onAbort = () => {};
  const abandoned = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  // Async, so a provider that throws at once is handled like one that rejects.
  const call = (async () => provider.generate({ ...request, signal }))();
  // Once abandoned, the call's own late failure has no one to tell.
  call.catch(() => {});
  try {
    return await Promise.race([call, abandoned]);
  } catch (error) {
    if (outer?.aborted) throw outer.reason ?? error;
    if (deadline.signal.aborted) throw new ProviderTimeoutError(timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", onAbort);
  }
}

/** A failure that concerns one image only: the rest of the job goes on. */
export const isImageFailure = (error: unknown) =>
  error instanceof ProviderRefusalError || error instanceof ProviderOpaqueImageError;

export function userFacingError(error: unknown): string {
  if (error instanceof ProviderRefusalError) {
    return "The image service declined this request under its content policy. Try a different description.";
  }
  if (error instanceof ProviderOpaqueImageError) {
    return "The image service returned an image without a transparent background.";
  }
  if (error instanceof ProviderRetryableError)
    return "The image service is not answering right now. Please try again later.";
  return "The images could not be generated. Please try again.";
}
