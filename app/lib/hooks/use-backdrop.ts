import { useCallback, useSyncExternalStore } from "react";

/** What a transparent image is shown on: a pale image vanishes on a light checker, so the user can switch. */
export const backdrops = ["checker", "light", "dark"] as const;
export type Backdrop = (typeof backdrops)[number];

export const BACKDROP_KEY = "motif.backdrop";

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === BACKDROP_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function parseBackdrop(value: string | null): Backdrop {
  return backdrops.find((backdrop) => backdrop === value) ?? "checker";
}

function readBackdrop(): Backdrop {
  try {
    return parseBackdrop(window.localStorage.getItem(BACKDROP_KEY));
  } catch {
    return "checker";
  }
}

/** The remembered backdrop (the checker until the user picks another), shared by every stage on the page. */
export function useBackdrop(): [Backdrop, (next: Backdrop) => void] {
  const backdrop = useSyncExternalStore(subscribe, readBackdrop, () => "checker" as const);
  const setBackdrop = useCallback((next: Backdrop) => {
    try {
      window.localStorage.setItem(BACKDROP_KEY, next);
    } catch {
      // Private mode: the choice lasts until the page is left.
    }
    listeners.forEach((listener) => listener());
  }, []);
  return [backdrop, setBackdrop];
}
