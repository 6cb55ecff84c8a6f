import { lazy, Suspense, useSyncExternalStore } from "react";
import { toastStore } from "~/lib/state/toast-store";

const Toaster = lazy(() => import("./toaster").then((module) => ({ default: module.Toaster })));

let needed = false;
/** Whether any toast was ever asked for: from then on the toaster stays, so its exits animate. */
const toasterNeeded = () => (needed ||= toastStore.getAll().length > 0);

/**
 * The toaster, loaded when the first toast is asked for: most visits never see one, so its
 * code (Radix Toast and its icons) stays out of the JavaScript a page loads up front.
 */
export function LazyToaster() {
  const show = useSyncExternalStore(toastStore.subscribe, toasterNeeded, () => false);
  return show ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
