import { useSyncExternalStore } from "react";

/** Spec §9: the layout is "mobile" at 1024 px wide or narrower. */
export const MOBILE_MAX_WIDTH = 1024;
export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True when the window is 1024 px wide or narrower; false during server rendering. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
