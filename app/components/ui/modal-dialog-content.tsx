import { X } from "lucide-react";
import * as Dialog from "@radix-ui/react-dialog";
import { Button } from "./button";
import type { ModalDialogProps } from "./sheet-dialog";

/** The modal dialog itself, loaded the first time one opens (sheet-dialog.tsx). */
export default function ModalDialogContent(
  props: Omit<ModalDialogProps, "returnFocusTo"> & { onCloseAutoFocus(event: Event): void },
) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-neutral-950/50 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={props.onCloseAutoFocus}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-2xl border border-neutral-200 bg-white p-6 shadow-2xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-2rem)] sm:max-w-xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl dark:border-neutral-800 dark:bg-neutral-900"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold">{props.title}</Dialog.Title>
              {props.description ? (
                <Dialog.Description className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
                  {props.description}
                </Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{props.title}</Dialog.Description>
              )}
            </div>
            <DialogCloseButton />
          </div>
          <div className="mt-6">{props.children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The ✕ in a dialog's top-right corner. */
export function DialogCloseButton() {
  return (
    <Dialog.Close asChild>
      <Button variant="ghost" size="icon" aria-label="Close" className="-mt-1 -mr-2 shrink-0">
        <X aria-hidden className="size-5" />
      </Button>
    </Dialog.Close>
  );
}
