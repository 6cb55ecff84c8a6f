import { useCallback, useRef } from "react";

/**
 * An Idempotency-Key per request body: the same request sent again (a double
 * press, a retry after a dropped connection) keeps its key, so the server
 * returns the first job instead of charging twice; a changed request, or one
 * sent after `done()`, gets a new key.
 */
export function useIdempotencyKey() {
  const current = useRef<{ body: string; key: string } | null>(null);
  const keyFor = useCallback((body: unknown) => {
    const serialised = JSON.stringify(body);
    if (current.current?.body !== serialised) current.current = { body: serialised, key: crypto.randomUUID() };
    return current.current.key;
  }, []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, done };
}
