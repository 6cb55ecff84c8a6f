import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactElement, ReactNode } from "react";
import { Logo } from "./logo";
import { Button } from "./ui/button";

/** The navigation sheet itself, loaded when it is first opened (mobile-nav.tsx). */
export default function MobileNavSheet({
  trigger,
  open,
  onOpenChange,
  overlayClasses,
  sheetClasses,
  children,
}: {
  trigger: ReactElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  overlayClasses: string;
  sheetClasses: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={sheetClasses}>
          <div className="flex items-center justify-between">
            <Dialog.Title className="px-2">
              <Logo />
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close navigation">
                <X aria-hidden className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Go to another part of Motif</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
