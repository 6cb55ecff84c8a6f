import { useSyncExternalStore, type ReactNode } from "react";

const noSubscription = () => () => {};

/** False while the server renders and while the browser hydrates that HTML; true from then on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Below-the-first-screen content the server leaves out of the HTML: the browser draws it right
 * after hydration, from the loader data it already has, and at once on moving inside the app.
 * The page sends and the server renders less for every fresh view (docs/decisions/124);
 * `fallback` (skeletons of the same shape) holds its place meanwhile.
 */
export function AfterHydration({
  children,
  fallback,
  defer = true,
}: {
  children: ReactNode;
  fallback: ReactNode;
  /** False where the content is on the first screen after all (drawn at once, in the HTML). */
  defer?: boolean;
}) {
  const hydrated = useHydrated();
  return hydrated || !defer ? children : fallback;
}
