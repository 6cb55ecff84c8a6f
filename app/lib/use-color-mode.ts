import { useCallback, useEffect, useSyncExternalStore } from "react";
import { resolveColorMode, type ColorModePreference, type ResolvedColorMode } from "#domain/color-mode";
import {
  applyColorMode,
  onColorModeChange,
  readStoredPreference,
  storePreference,
  systemIsDark,
} from "./color-mode-dom";

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const stop = onColorModeChange(listener);
  return () => {
    listeners.delete(listener);
    stop();
  };
}

/**
 * The colour mode for the page: preference (from localStorage, falling back to the
 * cookie the server saw), the resolved mode, and a setter that keeps both in sync.
 */
export function useColorMode(options: { serverPreference: ColorModePreference; forced?: ResolvedColorMode }) {
  const { serverPreference, forced } = options;
  const preference = useSyncExternalStore(
    subscribe,
    () => readStoredPreference(serverPreference),
    () => serverPreference,
  );
  const systemDark = useSyncExternalStore(subscribe, systemIsDark, () => false);
  const resolved = resolveColorMode({ preference, forced, systemDark });

  useEffect(() => applyColorMode(resolved, forced), [resolved, forced]);

  const setPreference = useCallback((next: ColorModePreference) => {
    storePreference(next);
    emit();
  }, []);

  return { preference, resolved, forced, setPreference };
}
