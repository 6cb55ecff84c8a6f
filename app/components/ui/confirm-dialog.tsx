import { AlertDialog } from "radix-ui";
import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { useReturnFocus } from "~/lib/ui/return-focus";
import { Button, buttonClasses } from "./button";

/**
 * A confirmation for destructive actions; focus starts on Cancel (or on `initialFocus`),
 * and goes back to the trigger when the dialog closes. Enter confirms, as a form does.
 */
export function ConfirmDialog(props: {
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
}) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = props.open ?? uncontrolledOpen;
  const confirmed = useRef(false);
  const returnFocus = useReturnFocus(
    open,
    props.returnFocusTo,
    () => confirmed.current && Boolean(props.returnFocusTo),
  );
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
    <AlertDialog.Root open={open} onOpenChange={(next) => (holding && !next ? undefined : setOpen(next))}>
      {props.trigger && <AlertDialog.Trigger asChild>{props.trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-neutral-950/50 backdrop-blur-sm" />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocus}
          onOpenAutoFocus={(event) => {
            if (!props.initialFocus?.current) return;
            event.preventDefault();
            props.initialFocus.current.focus({ preventScroll: true });
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 animate-fade-in overflow-y-auto rounded-2xl border border-neutral-200 bg-white p-6 shadow-2xl dark:border-neutral-800 dark:bg-neutral-900"
        >
          <form onSubmit={submit} noValidate>
            <AlertDialog.Title className="text-lg font-semibold">{props.title}</AlertDialog.Title>
            <AlertDialog.Description asChild>
              <div className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{props.description}</div>
            </AlertDialog.Description>
            {props.children && <div className="mt-5">{props.children}</div>}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <AlertDialog.Cancel className={buttonClasses("secondary")} disabled={holding}>
                Cancel
              </AlertDialog.Cancel>
              <Button type="submit" variant="danger" disabled={props.busy || props.confirmDisabled}>
                {props.busy && props.busyLabel ? props.busyLabel : props.confirmLabel}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
