import { ConfirmDialog } from "~/components/ui/confirm-dialog";

/** "Delete this style?": what goes with it, said once for the styles page and the style's own page. */
export function DeleteStyleDialog(props: {
  name: string;
  onClose(): void;
  onConfirm(): void;
  /** Where focus goes when the dialog closes (the style itself is gone after a delete). */
  returnFocusTo: () => HTMLElement | null;
}) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={`Delete ${props.name}?`}
      description={
        <p>
          This deletes the style, its reference and sample images, and every object made in it, with their images. It
          cannot be undone.
        </p>
      }
      confirmLabel="Delete style"
      onConfirm={props.onConfirm}
      returnFocusTo={props.returnFocusTo}
    />
  );
}
