import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";

/** A dialog form's Cancel and submit buttons; the submit button spins while the form is busy. */
export function DialogFormActions(props: {
  busy: boolean;
  /** Also keeps the submit button off (a field not yet valid). */
  disabled?: boolean;
  submitLabel: ReactNode;
  /** The submit button destroys something: it is red. */
  danger?: boolean;
  onCancel(): void;
}) {
  return (
    <div className="flex justify-end gap-3">
      <Button variant="secondary" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={props.danger ? "danger" : "primary"} disabled={props.busy || props.disabled}>
        {props.busy && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
        {props.submitLabel}
      </Button>
    </div>
  );
}
