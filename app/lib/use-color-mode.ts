import { useCallback, useEffect, useSyncExternalStore } from "react";
import {
  COLOR_MODE_KEY,
  DARK_QUERY,
  parsePreference,
  preferenceCookie,
  resolveColorMode,
  type ColorModePreference,
  type ResolvedColorMode,
} from "./color-mode";

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = window.matchMedia(DARK_QUERY);
  const onStorage = (event: StorageEvent) => event.key === COLOR_MODE_KEY && listener();
  media.addEventListener("change", listener);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    media.removeEventListener("change", listener);
    window.removeEventListener("storage", onStorage);
  };
}

function readStoredPreference(fallback: ColorModePreference): ColorModePreference {
  try {
    const stored = window.localStorage.getItem(COLOR_MODE_KEY);
    return stored === null ? fallback : parsePreference(stored);
  } catch {
    return fallback;
  }
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
  const systemDark = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DARK_QUERY).matches,
    () => false,
  );
  const resolved = resolveColorMode({ preference, forced, systemDark });

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle("dark", resolved === "dark");
    root.style.colorScheme = resolved;
    if (forced) root.setAttribute("data-forced-color-mode", forced);
    else root.removeAttribute("data-forced-color-mode");
  }, [resolved, forced]);

  const setPreference = useCallback((next: ColorModePreference) => {
    try {
      window.localStorage.setItem(COLOR_MODE_KEY, next);
    } catch {
      // Private mode: the cookie still carries the choice.
    }
    document.cookie = preferenceCookie(next);
    emit();
  }, []);

  return { preference, resolved, forced, setPreference };
}
