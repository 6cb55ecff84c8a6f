import { useSyncExternalStore } from "react";
import { MOBILE_QUERY } from "~/lib/ui/breakpoints";

export { MOBILE_MAX_WIDTH, MOBILE_QUERY } from "~/lib/ui/breakpoints";

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
