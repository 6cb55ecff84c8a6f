import { useCallback, useRef } from "react";

/**
 * Keys for one form's requests: the same request (its address and body) sent again
 * keeps its key; another request, or any request after `done()`, gets a new one.
 */
export function idempotencyKeys(newKey: () => string = () => crypto.randomUUID()) {
  let current: { request: string; key: string } | null = null;
  return {
    keyFor(url: string, body: unknown): string {
      const request = JSON.stringify([url, body]);
      if (current?.request !== request) current = { request, key: newKey() };
      return current.key;
    },
    done() {
      current = null;
    },
  };
}

/**
 * An Idempotency-Key per request: a double press or a retry after a dropped
 * connection keeps its key, so the server returns the first answer instead of
 * charging twice; a changed request (another body, or the same body for another
 * object) gets a new key, which the server would otherwise refuse as a different
 * request.
 */
export function useIdempotencyKey() {
  const keys = useRef<ReturnType<typeof idempotencyKeys> | null>(null);
  keys.current ??= idempotencyKeys();
  const keyFor = useCallback((url: string, body: unknown) => keys.current!.keyFor(url, body), []);
  const done = useCallback(() => keys.current!.done(), []);
  return { keyFor, done };
}
