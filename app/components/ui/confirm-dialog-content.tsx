import * as AlertDialog from "@radix-ui/react-alert-dialog";
import type { FormEvent } from "react";
import { Button, buttonClasses } from "./button";
import type { ConfirmDialogProps } from "./confirm-dialog";

/** The confirmation itself, loaded the first time it opens (confirm-dialog.tsx). */
export default function ConfirmDialogContent({
  open,
  onOpenChange,
  onCloseAutoFocus,
  onSubmit,
  holding,
  ...props
}: Omit<ConfirmDialogProps, "open" | "onOpenChange" | "trigger"> & {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCloseAutoFocus(event: Event): void;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  holding: boolean;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-neutral-950/50 backdrop-blur-sm" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          onOpenAutoFocus={(event) => {
            if (!props.initialFocus?.current) return;
            event.preventDefault();
            props.initialFocus.current.focus({ preventScroll: true });
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 animate-fade-in overflow-y-auto rounded-2xl border border-neutral-200 bg-white p-6 shadow-2xl dark:border-neutral-800 dark:bg-neutral-900"
        >
          <form onSubmit={onSubmit} noValidate>
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
