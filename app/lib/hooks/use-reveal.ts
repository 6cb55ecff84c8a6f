import { useCallback, useEffect, useRef } from "react";

/**
 * Scrolls something that is about to appear into view: `reveal(selector)` after an action
 * whose progress shows elsewhere on the page (a new job card below the composer), so the
 * user sees it start. It waits for the element to render, then scrolls only as far as
 * needed, without animation for those who asked for reduced motion.
 */
export function useReveal(): (selector: string) => void {
  const wanted = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted.current) return;
    const element = document.querySelector(wanted.current);
    if (!element) return;
    wanted.current = null;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    element.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
  });
  return useCallback((selector: string) => {
    wanted.current = selector;
  }, []);
}
