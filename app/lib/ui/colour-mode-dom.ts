import {
  COLOUR_MODE_KEY,
  DARK_QUERY,
  parsePreference,
  preferenceCookie,
  type ColourModePreference,
  type ResolvedColourMode,
} from "#domain/colour-mode";

/** The preference this browser keeps, or `fallback` (the cookie the server saw) when none is stored. */
export function readStoredPreference(fallback: ColourModePreference): ColourModePreference {
  try {
    const stored = window.localStorage.getItem(COLOUR_MODE_KEY);
    return stored === null ? fallback : parsePreference(stored);
  } catch {
    return fallback;
  }
}

/** Keeps a choice in localStorage (other tabs hear of it) and in the cookie (the server renders it). */
export function storePreference(next: ColourModePreference): void {
  try {
    window.localStorage.setItem(COLOUR_MODE_KEY, next);
  } catch {
    // Private mode: the cookie still carries the choice.
  }
  document.cookie = preferenceCookie(next);
}

export const systemIsDark = () => window.matchMedia(DARK_QUERY).matches;

/** Puts the resolved mode on <html>: the class Tailwind's dark variant reads, and the native colour scheme. */
export function applyColourMode(resolved: ResolvedColourMode, forced?: ResolvedColourMode): void {
  const root = document.documentElement;
  root.classList.toggle("dark", resolved === "dark");
  root.style.colorScheme = resolved;
  if (forced) root.setAttribute("data-forced-color-mode", forced);
  else root.removeAttribute("data-forced-color-mode");
}

/** Calls `listener` when the device's setting or another tab's choice changes. */
export function onColourModeChange(listener: () => void): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const onStorage = (event: StorageEvent) => event.key === COLOUR_MODE_KEY && listener();
  media.addEventListener("change", listener);
  window.addEventListener("storage", onStorage);
  return () => {
    media.removeEventListener("change", listener);
    window.removeEventListener("storage", onStorage);
  };
}
