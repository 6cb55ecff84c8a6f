import { AlertDialog } from "radix-ui";
import { useRef, useState, type ReactNode } from "react";
import { useReturnFocus } from "~/lib/return-focus";
import { Button, buttonClasses } from "./button";

/** A confirmation for destructive actions; focus starts on Cancel. */
export function ConfirmDialog(props: {
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?(open: boolean): void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  /**
   * Where focus goes once the action is confirmed (it removes what opened the dialog, as a
   * delete does), or on close when that control is gone.
   */
  returnFocusTo?(): HTMLElement | null | undefined;
}) {
  const [openNow, setOpenNow] = useState(Boolean(props.open));
  const confirmed = useRef(false);
  const returnFocus = useReturnFocus(
    props.open ?? openNow,
    props.returnFocusTo,
    () => confirmed.current && Boolean(props.returnFocusTo),
  );
  return (
    <AlertDialog.Root
      open={props.open}
      onOpenChange={(open) => {
        setOpenNow(open);
        props.onOpenChange?.(open);
      }}
    >
      {props.trigger && <AlertDialog.Trigger asChild>{props.trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-neutral-950/50 backdrop-blur-sm" />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 animate-fade-in rounded-2xl border border-neutral-200 bg-white p-6 shadow-2xl dark:border-neutral-800 dark:bg-neutral-900"
        >
          <AlertDialog.Title className="text-lg font-semibold">{props.title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{props.description}</div>
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel className={buttonClasses("secondary")}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button
                variant="danger"
                disabled={props.busy}
                onClick={() => {
                  confirmed.current = true;
                  props.onConfirm();
                }}
              >
                {props.confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
