import { useState } from "react";

/**
 * A notice the person can close: whether it is closed, and the close action. Its close button goes
 * away with it, so the focus moves to the page's main content instead of the top of the document.
 */
export function useDismissal(onDismiss?: () => void): { hidden: boolean; dismiss(): void } {
  const [hidden, setHidden] = useState(false);
  return {
    hidden,
    dismiss() {
      onDismiss?.();
      setHidden(true);
      const main = document.querySelector("main");
      main?.setAttribute("tabindex", "-1");
      main?.focus({ preventScroll: true });
    },
  };
}
