import {
  cloneElement,
  isValidElement,
  lazy,
  Suspense,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from "react";
import { useOpenedOnce } from "~/lib/hooks/use-opened-once";
import { useReturnFocus } from "~/lib/ui/return-focus";

export interface ConfirmDialogProps {
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?(open: boolean): void;
  title: string;
  description: ReactNode;
  /** More of the question, below the description: a field to type, say. */
  children?: ReactNode;
  /** Where focus starts instead of Cancel: the field the dialog asks to fill in. */
  initialFocus?: RefObject<HTMLElement | null>;
  confirmLabel: string;
  /** Keeps the confirm button off until what the dialog asks for is given. */
  confirmDisabled?: boolean;
  busy?: boolean;
  /** The confirm button's label while busy. */
  busyLabel?: string;
  /** Stays open after Confirm (while busy); the caller closes it, or leaves the page. */
  stayOpenOnConfirm?: boolean;
  onConfirm(): void;
  /**
   * Where focus goes once the action is confirmed (it removes what opened the dialog, as a
   * delete does), or on close when that control is gone.
   */
  returnFocusTo?(): HTMLElement | null | undefined;
}

const ConfirmDialogContent = lazy(() => import("./confirm-dialog-content"));

/**
 * A confirmation for destructive actions; focus starts on Cancel (or on `initialFocus`),
 * and goes back to the trigger when the dialog closes. Enter confirms, as a form does.
 * Its code (Radix's alert dialog) loads the first time it opens (docs/decisions/127).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = props.open ?? uncontrolledOpen;
  const confirmed = useRef(false);
  const returnFocus = useReturnFocus(
    open,
    props.returnFocusTo,
    () => confirmed.current && Boolean(props.returnFocusTo),
  );
  const opened = useOpenedOnce(open);
  function setOpen(next: boolean) {
    if (next) confirmed.current = false;
    setUncontrolledOpen(next);
    props.onOpenChange?.(next);
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (props.busy || props.confirmDisabled) return;
    confirmed.current = true;
    props.onConfirm();
    if (!props.stayOpenOnConfirm) setOpen(false);
  }
  const holding = Boolean(props.busy && props.stayOpenOnConfirm);
  return (
    <>
      {props.trigger && opensOnClick(props.trigger, open, () => setOpen(true))}
      {opened && (
        <Suspense fallback={null}>
          <ConfirmDialogContent
            {...props}
            open={open}
            onOpenChange={(next) => (holding && !next ? undefined : setOpen(next))}
            onCloseAutoFocus={returnFocus}
            onSubmit={submit}
            holding={holding}
          />
        </Suspense>
      )}
    </>
  );
}

/** The trigger, opening the dialog on click unless its own handler prevented that. */
function opensOnClick(trigger: ReactNode, open: boolean, onOpen: () => void): ReactNode {
  if (!isValidElement(trigger)) return trigger;
  const element = trigger as ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;
  return cloneElement(element, {
    "aria-haspopup": "dialog",
    "aria-expanded": open,
    onClick: (event: MouseEvent<HTMLElement>) => {
      element.props.onClick?.(event);
      if (!event.defaultPrevented) onOpen();
    },
  } as Partial<typeof element.props>);
}
