import { useLayoutEffect, useRef } from "react";

/** The main content's id: the skip link's target and focus's last resort. */
export const MAIN_CONTENT_ID = "main";

/**
 * The control a dialog was opened from. A dialog opened from a menu item opens as the menu
 * closes and its item leaves the page: the menu's trigger stands in for it.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  if (active.closest('[role="menu"]')) {
    return document.querySelector<HTMLElement>('[aria-haspopup="menu"][aria-expanded="true"]') ?? active;
  }
  return active;
}

const focusable = (element: HTMLElement | null | undefined): element is HTMLElement =>
  Boolean(element?.isConnected) &&
  !element!.hasAttribute("disabled") &&
  element!.getAttribute("aria-hidden") !== "true";

/**
 * Returns focus, when a dialog closes, to the control that opened it; when that control is
 * gone (its item was deleted) or disabled, to `fallback`, else to the main content — never to
 * the page's body, where a keyboard or screen-reader user would have to start over.
 * Pass the result to the dialog content's `onCloseAutoFocus`.
 */
export function useReturnFocus(
  open: boolean,
  fallback?: () => HTMLElement | null | undefined,
  /** True when the dialog did what removes its opener (a delete): focus goes straight on. */
  openerGoes?: () => boolean,
) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = openerOf(document.activeElement);
  }, [open]);
  return (event: Event) => {
    event.preventDefault();
    const first = openerGoes?.() ? null : opener.current;
    const target = [first, fallback?.(), document.getElementById(MAIN_CONTENT_ID)].find(focusable);
    target?.focus({ preventScroll: target !== opener.current });
  };
}
