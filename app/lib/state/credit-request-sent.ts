import { useEffect, useSyncExternalStore } from "react";
import { creditRequestLimit } from "#domain/credit-requests";

/**
 * Whether this page has asked the operators for credits. The server takes one request an hour per
 * person (domain/credit-requests.ts), so once one is sent (or the server says one already was),
 * every "Request credits" button on the page says so and cannot be pressed, until the server
 * would take another: a second click could only be refused.
 */
let sentUntil = 0;
const listeners = new Set<() => void>();

/** A request went out now (or the server refused one for `retryAfterSeconds` more). */
export function markCreditRequestSent(options: { retryAfterSeconds?: number } = {}): void {
  const now = Date.now();
  const wait = options.retryAfterSeconds !== undefined ? options.retryAfterSeconds * 1000 : creditRequestLimit.windowMs;
  sentUntil = Math.max(sentUntil, now + wait);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isSent = () => sentUntil > Date.now();

/** True while a request sent from this page still stands; false again once the server would take another. */
export function useCreditRequestSent(): boolean {
  const sent = useSyncExternalStore(subscribe, isSent, () => false);
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => listeners.forEach((listener) => listener()), sentUntil - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [sent]);
  return sent;
}
