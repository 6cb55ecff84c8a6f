import { startTransition, useEffect, useState, type ReactNode } from "react";

/** Set once a page has hydrated in this browser: later pages draw their deferred content at once. */
let hydratedBefore = false;

/**
 * False while the server renders and while the browser hydrates that HTML; true from then on.
 * The change after hydration is a transition, drawn in slices between the browser's other work:
 * a store's change (useSyncExternalStore) would redraw synchronously, one long task that holds
 * the page's first input.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedBefore);
  useEffect(() => {
    hydratedBefore = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
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
