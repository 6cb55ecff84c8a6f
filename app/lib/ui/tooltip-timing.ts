/** Spec §9: tooltips open after 700 ms; moving between them within 300 ms skips the delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let lastClosedAt = -Infinity;

/** How long a hover waits before its tooltip opens: no wait just after another one closed. */
export function tooltipDelay(now = performance.now()): number {
  return now - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
}

/** A tooltip closed: the next hover within the skip delay opens at once. */
export function noteTooltipClosed(now = performance.now()): void {
  lastClosedAt = now;
}
