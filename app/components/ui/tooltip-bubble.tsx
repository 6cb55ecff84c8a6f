import { arrow, autoUpdate, flip, offset, shift, useFloating } from "@floating-ui/react-dom";
import { useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { TooltipArrow, tooltipContentClasses } from "./tooltip-classes";

export type TooltipSide = "top" | "bottom";

const ARROW_HEIGHT = 5;
const GAP = 6;

/**
 * An open tooltip beside its trigger, kept in view as the page scrolls or resizes (Floating UI,
 * the positioning Radix's popovers use), its arrow at the trigger's middle. Loaded on first use.
 */
export default function TooltipBubble({
  id,
  anchor,
  side,
  children,
}: {
  id: string;
  anchor: HTMLElement;
  side: TooltipSide;
  children: ReactNode;
}) {
  const arrowRef = useRef<SVGSVGElement | null>(null);
  const { refs, floatingStyles, placement, middlewareData } = useFloating({
    placement: side,
    elements: { reference: anchor },
    middleware: [
      offset(GAP + ARROW_HEIGHT),
      flip({ fallbackPlacements: [side === "top" ? "bottom" : "top"] }),
      shift({ padding: 8 }),
      arrow({ element: arrowRef, padding: 6 }),
    ],
    whileElementsMounted: autoUpdate,
  });
  const below = placement.startsWith("bottom");
  const arrowX = middlewareData.arrow?.x;
  return createPortal(
    <div ref={refs.setFloating} id={id} role="tooltip" style={floatingStyles} className={tooltipContentClasses}>
      {children}
      <TooltipArrow
        ref={arrowRef}
        className={below ? "rotate-180" : undefined}
        style={{ left: arrowX ?? "calc(50% - 5px)", ...(below ? { bottom: "100%" } : { top: "100%" }) }}
      />
    </div>,
    document.body,
  );
}
