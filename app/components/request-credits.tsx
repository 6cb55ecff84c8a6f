import { Check, Coins, Mail } from "lucide-react";
import { AppLink } from "~/components/app-link";
import { useState, type FormEvent } from "react";
import { creditRequestNoteMax } from "#domain/credit-requests";
import { ApiError, fieldErrors } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { markCreditRequestSent, useCreditRequestSent } from "~/lib/state/credit-request-sent";
import { refusalMessage } from "~/lib/words/refusal-message";
import { toast } from "~/lib/state/toast-store";
import { cn } from "~/lib/ui/cn";
import { useConsoleCreditsLink } from "~/lib/hooks/use-shell-data";
import { Button, buttonClasses, type ButtonProps } from "./ui/button";
import { DialogFormActions } from "./ui/dialog-form-actions";
import { ModalDialog } from "./ui/sheet-dialog";
import { TextAreaField } from "./ui/text-area-field";

/**
 * "Request credits": where nothing is for sale, the person asks the operators, who get
 * an e-mail with their address, balance and note (POST /api/credits/request). Once sent, it
 * says so and cannot be pressed until the server would take another request (one an hour).
 */
export function RequestCreditsButton(props: Pick<ButtonProps, "variant" | "size" | "className">) {
  const [open, setOpen] = useState(false);
  const sent = useCreditRequestSent();
  // An operator does not ask themselves: they give the credits in the console.
  const consoleLink = useConsoleCreditsLink();
  if (consoleLink)
    return (
      <AppLink
        to={consoleLink}
        className={cn(buttonClasses(props.variant ?? "secondary", props.size ?? "md"), props.className)}
        data-testid="give-credits"
      >
        <Coins aria-hidden className="size-4" />
        Give credits in the console
      </AppLink>
    );
  return (
    <>
      <Button
        variant={props.variant ?? "secondary"}
        size={props.size}
        // aria-disabled, not disabled: the focus the dialog gives back stays on the button.
        className={cn(props.className, sent && "cursor-default opacity-50")}
        onClick={() => !sent && setOpen(true)}
        aria-disabled={sent || undefined}
        data-testid="request-credits"
      >
        {sent ? <Check aria-hidden className="size-4" /> : <Mail aria-hidden className="size-4" />}
        {sent ? "Request sent" : "Request credits"}
      </Button>
      {open && <RequestCreditsDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function RequestCreditsDialog(props: { onClose(): void }) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // React passes events up through portals: the composer's form around the button must not see this one.
    event.stopPropagation();
    setBusy(true);
    try {
      await callApi("post", "/api/credits/request", { body: { note: note.trim() || undefined } });
      markCreditRequestSent();
      toast({
        title: "Credits requested",
        description: "The operators of this Motif were e-mailed. Your balance grows as soon as they add credits.",
        color: "success",
      });
      props.onClose();
    } catch (caught) {
      const fields = fieldErrors(caught);
      if (fields.note) return setError(fields.note);
      toast({
        title: caught instanceof ApiError && caught.status === 429 ? "Already requested" : "Request error",
        description: refusalMessage(caught, "Your request could not be sent to the operators. Please try again later."),
        color: "error",
      });
      if (caught instanceof ApiError && caught.status === 429) {
        const wait = caught.details.retryAfterSeconds;
        markCreditRequestSent({ retryAfterSeconds: typeof wait === "number" ? wait : undefined });
        props.onClose();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title="Request credits"
      description="The operators of this Motif get an e-mail with your address and your balance. You can ask once an hour."
    >
      <form onSubmit={submit} className="grid gap-5" noValidate>
        <TextAreaField
          label="Note for the operators (optional)"
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            setError(undefined);
          }}
          maxLength={creditRequestNoteMax}
          placeholder="What the credits are for"
          autoFocus
          error={error}
        />
        <DialogFormActions busy={busy} submitLabel="Send request" onCancel={props.onClose} />
      </form>
    </ModalDialog>
  );
}
