import { useCallback, useEffect, useSyncExternalStore } from "react";
import { resolveColourMode, type ColourModePreference, type ResolvedColourMode } from "#domain/colour-mode";
import {
  applyColourMode,
  onColourModeChange,
  readStoredPreference,
  storePreference,
  systemIsDark,
} from "~/lib/ui/colour-mode-dom";

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const stop = onColourModeChange(listener);
  return () => {
    listeners.delete(listener);
    stop();
  };
}

/**
 * The colour mode for the page: preference (from localStorage, falling back to the
 * cookie the server saw), the resolved mode, and a setter that keeps both in sync.
 */
export function useColourMode(options: { serverPreference: ColourModePreference; forced?: ResolvedColourMode }) {
  const { serverPreference, forced } = options;
  const preference = useSyncExternalStore(
    subscribe,
    () => readStoredPreference(serverPreference),
    () => serverPreference,
  );
  const systemDark = useSyncExternalStore(subscribe, systemIsDark, () => false);
  const resolved = resolveColourMode({ preference, forced, systemDark });

  useEffect(() => applyColourMode(resolved, forced), [resolved, forced]);

  const setPreference = useCallback((next: ColourModePreference) => {
    storePreference(next);
    emit();
  }, []);

  return { preference, resolved, forced, setPreference };
}
