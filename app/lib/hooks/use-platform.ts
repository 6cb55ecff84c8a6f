import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** True on Apple devices, where the shortcut key is ⌘ rather than Ctrl; false while rendering on the server. */
export function useIsApple(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent),
    () => false,
  );
}
