import { lazy, Suspense, type ComponentType } from "react";
import { useOpenedOnce } from "~/lib/hooks/use-opened-once";

/** `React.lazy` for a module's named component: suspends until `load` has it. */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => load().then((component) => ({ default: component })));
}

/**
 * A component whose module loads the first time it is rendered: for the dialogs and tools a page
 * shows only when asked (docs/decisions/127). Nothing shows while it loads.
 */
export function loadedOnUse<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazyComponent(load);
  return function LoadedOnUse(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

/** The same for a dialog that is always rendered with an `open` prop: loaded the first time it opens. */
export function loadedWhenOpened<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = loadedOnUse(load);
  return function LoadedWhenOpened(props: P) {
    return useOpenedOnce(props.open) ? <Loaded {...props} /> : null;
  };
}
