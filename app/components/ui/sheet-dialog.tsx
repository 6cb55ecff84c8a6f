import { lazy, Suspense, type ReactNode } from "react";
import { useOpenedOnce } from "~/lib/hooks/use-opened-once";
import { useReturnFocus } from "~/lib/ui/return-focus";

export interface ModalDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Where focus goes on close when the control that opened the dialog is gone. */
  returnFocusTo?(): HTMLElement | null | undefined;
}

const ModalDialogContent = lazy(() => import("./modal-dialog-content"));

/**
 * A modal dialog: centred on wide screens, full-width from the bottom on phones. Its code
 * (Radix's dialog) loads the first time it opens (docs/decisions/127); the control that opened
 * it is noted here, at once, so focus goes back to it on close.
 */
export function ModalDialog({ returnFocusTo, ...props }: ModalDialogProps) {
  const returnFocus = useReturnFocus(props.open, returnFocusTo);
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialogContent {...props} onCloseAutoFocus={returnFocus} />
    </Suspense>
  );
}
