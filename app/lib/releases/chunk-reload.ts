/**
 * Spec §4, §9: when a code chunk fails to load (usually after a deploy), the page
 * reloads once per path; a 10 s marker in sessionStorage stops a reload loop.
 * The reload keeps the address, and forms' drafts ride across it in
 * sessionStorage (reload-drafts.ts), so the user keeps what they were doing.
 */
import { saveDrafts } from "~/lib/state/reload-drafts";

export const CHUNK_RELOAD_GUARD_MS = 10_000;
const MARKER_PREFIX = "motif-chunk-reload:";

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** True (and the marker set) when this path may reload now. */
export function claimReload(storage: Pick<Storage, "getItem" | "setItem">, path: string, now = Date.now()): boolean {
  const key = `${MARKER_PREFIX}${path}`;
  const last = storage.getItem(key);
  if (last !== null && now - Number(last) < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(key, String(now));
  return true;
}

export function installChunkReloadGuard(): () => void {
  const reload = (event: Event, reason: unknown) => {
    if (!isChunkLoadError(reason)) return;
    try {
      if (!claimReload(window.sessionStorage, window.location.pathname)) return;
    } catch {
      return;
    }
    event.preventDefault();
    try {
      saveDrafts(window.sessionStorage);
    } catch {
      // Storage full or blocked: reload anyway; only the address survives.
    }
    window.location.reload();
  };
  const onPreloadError = (event: Event) => reload(event, (event as Event & { payload?: unknown }).payload);
  const onRejection = (event: PromiseRejectionEvent) => reload(event, event.reason);
  window.addEventListener("vite:preloadError", onPreloadError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("vite:preloadError", onPreloadError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}
