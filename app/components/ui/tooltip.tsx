import {
  cloneElement,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from "react";
import { noteTooltipClosed, tooltipDelay } from "~/lib/ui/tooltip-timing";
import type { TooltipSide } from "./tooltip-bubble";

// The bubble and its positioning load with the first tooltip a person opens, not with the page:
// the 700 ms before it shows is time enough (docs/decisions/127).
const TooltipBubble = lazy(() => import("./tooltip-bubble"));
const loadBubble = () => void import("./tooltip-bubble");

/** The tooltip open now, closed when another opens: one at a time, as spec §9's provider had it. */
let closeOpenTooltip: (() => void) | null = null;

type Handler<E> = ((event: E) => void) | undefined;
type TriggerProps = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: Handler<PointerEvent<HTMLElement>>;
  onPointerLeave?: Handler<PointerEvent<HTMLElement>>;
  onPointerDown?: Handler<PointerEvent<HTMLElement>>;
  onFocus?: Handler<FocusEvent<HTMLElement>>;
  onBlur?: Handler<FocusEvent<HTMLElement>>;
  "aria-describedby"?: string;
  [prop: string]: unknown;
};

/** Calls each handler in turn, the trigger's own first. */
function chain<E>(...handlers: Handler<E>[]) {
  return (event: E) => handlers.forEach((handler) => handler?.(event));
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}

/**
 * A short label beside its trigger: after the delay on hover, at once on keyboard focus; closed
 * on leaving, pressing, blur and Escape. Props given to the tooltip (a menu's trigger props,
 * say) pass on to its trigger, so it can sit inside another component's `asChild`.
 */
export function Tooltip({
  content,
  children,
  side = "top",
  ...forwarded
}: { content: ReactNode; children: ReactElement<TriggerProps>; side?: TooltipSide } & TriggerProps) {
  // The trigger the tooltip is open beside, or null while it is closed.
  const [openAt, setOpenAt] = useState<HTMLElement | null>(null);
  const open = openAt !== null;
  const anchor = useRef<HTMLElement | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const id = useId();

  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    setOpenAt((wasOpenAt) => {
      if (wasOpenAt) noteTooltipClosed();
      return null;
    });
  }, []);
  const show = () => {
    // An open menu's trigger needs no label over its menu.
    const element = anchor.current;
    if (!element || element.getAttribute("aria-expanded") === "true") return;
    if (closeOpenTooltip !== hide) closeOpenTooltip?.();
    closeOpenTooltip = hide;
    setOpenAt(element);
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && hide();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, hide]);
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
      if (closeOpenTooltip === hide) closeOpenTooltip = null;
    },
    [hide],
  );

  const own = children.props;
  const trigger = cloneElement(children, {
    ...forwarded,
    ref: (element: HTMLElement | null) => {
      anchor.current = element;
      setRef(own.ref, element);
      setRef(forwarded.ref, element);
    },
    "aria-describedby": open ? id : (own["aria-describedby"] ?? forwarded["aria-describedby"]),
    onPointerEnter: chain(own.onPointerEnter, forwarded.onPointerEnter, (event: PointerEvent<HTMLElement>) => {
      if (event.pointerType === "touch") return;
      loadBubble();
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(show, tooltipDelay());
    }),
    onPointerLeave: chain(own.onPointerLeave, forwarded.onPointerLeave, hide),
    onPointerDown: chain(own.onPointerDown, forwarded.onPointerDown, hide),
    onFocus: chain(own.onFocus, forwarded.onFocus, (event: FocusEvent<HTMLElement>) => {
      if (event.currentTarget.matches(":focus-visible")) show();
    }),
    onBlur: chain(own.onBlur, forwarded.onBlur, hide),
  });
  return (
    <>
      {trigger}
      {openAt && (
        <Suspense fallback={null}>
          <TooltipBubble id={id} anchor={openAt} side={side}>
            {content}
          </TooltipBubble>
        </Suspense>
      )}
    </>
  );
}
