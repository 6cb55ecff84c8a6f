import { Tooltip as RadixTooltip } from "radix-ui";
import type { ReactNode } from "react";

import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "~/lib/ui/tooltip-timing";

export { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS };

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </RadixTooltip.Provider>
  );
}

export function Tooltip({
  content,
  children,
  side = "top",
}: {
  content: ReactNode;
  children: ReactNode;
  side?: "top" | "bottom" | "left" | "right";
}) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content side={side} sideOffset={6} className={tooltipContentClasses}>
          {content}
          <RadixTooltip.Arrow className="fill-neutral-900 dark:fill-neutral-100" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}

export const tooltipContentClasses =
  "z-50 animate-fade-in rounded-lg bg-neutral-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg dark:bg-neutral-100 dark:text-neutral-900";
