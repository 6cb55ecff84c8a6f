import { ProviderTimeoutError } from "./providers/provider";

/**
 * Runs one call to an outside service, bounded as a whole. An SDK's own timeout may stop
 * at the response headers, so a service that sends headers and then stalls the body would
 * hold its caller for ever: the deadline's signal goes to `call` (which aborts its request
 * and body read with it), and the call is abandoned at the deadline even if it ignores the
 * signal. A deadline is a ProviderTimeoutError (retryable); the caller's own abort
 * (`outer`: shutdown, expiry) passes through as it is.
 */
export async function withDeadline<T>(
  timeoutMs: number,
  outer: AbortSignal | undefined,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  outer?.throwIfAborted();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new ProviderTimeoutError(timeoutMs)), timeoutMs);
  const signal = outer ? AbortSignal.any([outer, deadline.signal]) : deadline.signal;
  let onAbort = () => {};
  const abandoned = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  // Async, so a call that throws at once is handled like one that rejects.
  const running = (async () => call(signal))();
  // Once abandoned, the call's own late failure has no one to tell.
  running.catch(() => {});
  try {
    return await Promise.race([running, abandoned]);
  } catch (error) {
    if (outer?.aborted) throw outer.reason ?? error;
    if (deadline.signal.aborted) throw new ProviderTimeoutError(timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", onAbort);
  }
}
