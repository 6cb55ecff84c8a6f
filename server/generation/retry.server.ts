import { setTimeout as sleep } from "node:timers/promises";
import {
  ProviderAnswerError,
  ProviderOpaqueImageError,
  ProviderCannotError,
  ProviderRefusalError,
  ProviderRetryableError,
  type GenerateRequest,
  type GenerateResult,
  type ImageProvider,
} from "./providers/provider";
import { providerDuration, providerErrors } from "../metrics/metrics.server";
import { withDeadline } from "./deadline.server";
import { MatteError } from "./pipeline/matte.server";

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
  /** The call to make: the provider's generate, or its edit of an image. */
  call: (request: GenerateRequest) => Promise<GenerateResult> = (r) => provider.generate(r),
): Promise<GenerateResult | null> {
  const backoff = options.backoffMs ?? defaultBackoff;
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1 && !(await stillWanted())) return null;
    const timer = providerDuration.startTimer({ provider: provider.id });
    try {
      const result = await withDeadline(options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS, request.signal, (signal) =>
        call({ ...request, signal }),
      );
      timer({ outcome: "ok" });
      return result;
    } catch (error) {
      const outcome = request.signal?.aborted
        ? "cancelled"
        : error instanceof ProviderRetryableError
          ? "retryable"
          : error instanceof ProviderRefusalError
            ? "refused"
            : "failed";
      timer({ outcome });
      if (outcome !== "cancelled") providerErrors.inc({ provider: provider.id, outcome });
      if (!(error instanceof ProviderRetryableError) || attempt >= options.maxAttempts) throw error;
      // A cancel during the pause ends it at once, as it ends a call under way.
      await sleep(backoff(attempt), undefined, { signal: options.signal }).catch(() => undefined);
      options.signal?.throwIfAborted();
    }
  }
}

/** A failure that concerns one image only: the rest of the job goes on. */
export const isImageFailure = (error: unknown) =>
  error instanceof ProviderRefusalError ||
  error instanceof ProviderAnswerError ||
  error instanceof ProviderOpaqueImageError ||
  error instanceof MatteError;

/** A provider's sentence as the end of a message: a full stop added when it has none. */
const asSentence = (text: string) => (/[.!?…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

export function userFacingError(error: unknown): string {
  if (error instanceof ProviderCannotError) return error.message;
  if (error instanceof ProviderAnswerError) return asSentence(error.message);
  if (error instanceof ProviderRefusalError) {
    return "The image service declined this request under its content policy. Try a different description.";
  }
  if (error instanceof MatteError) return error.message;
  if (error instanceof ProviderOpaqueImageError) {
    return "The image service returned an image without a transparent background.";
  }
  if (error instanceof ProviderRetryableError)
    return "The image service is not answering right now. Please try again later.";
  return "The images could not be generated. Please try again.";
}
