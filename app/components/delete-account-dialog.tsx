import { Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { deleteAccount } from "~/lib/api/auth-client";
import { isSameAddress } from "~/lib/words/same-address";
import { toast } from "~/lib/state/toast-store";
import { toastMessages } from "~/lib/words/toast-messages";
import { useSafeNavigate } from "~/lib/hooks/use-safe-navigate";
import { Button } from "./ui/button";
import { ConfirmDialog } from "./ui/confirm-dialog";
import { inputClasses } from "./ui/text-field";
import { formatCount } from "#domain/count-words";

/**
 * "Delete account" and the question it asks first: what goes, that it cannot be undone, and
 * the account's address typed out, so no stray click or Enter deletes it. Spec: DELETE
 * /api/users/user, then the Account Deleted toast and the home page.
 */
export function DeleteAccountDialog({ email, credits }: { email: string | undefined; credits: number | null }) {
  const navigate = useSafeNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const matches = isSameAddress(typed, email);
  const balance =
    credits === null
      ? "your credit balance"
      : `your balance of ${formatCount(credits)} ${credits === 1 ? "credit" : "credits"}`;

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) setTyped("");
  }

  async function confirm() {
    setBusy(true);
    try {
      await deleteAccount();
      toast(toastMessages.accountDeleted);
      navigate("/", { replace: true });
    } catch {
      toast(toastMessages.userDeletionError);
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button variant="danger">
          <Trash2 aria-hidden className="size-4" /> Delete account
        </Button>
      }
      title="Delete your account?"
      description={
        <>
          <p>Your account is deleted at once, with everything in it:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>your styles, objects and images</li>
            <li>{balance} and its history</li>
            <li>your API keys: scripts and agents that use them stop working</li>
          </ul>
          <p className="mt-3 font-medium text-neutral-900 dark:text-neutral-100">This cannot be undone.</p>
        </>
      }
      initialFocus={field}
      confirmLabel="Delete my account"
      confirmDisabled={!matches}
      busy={busy}
      busyLabel="Deleting…"
      stayOpenOnConfirm
      onConfirm={() => void confirm()}
    >
      <div className="grid gap-1.5">
        <label htmlFor={fieldId} className="text-sm font-medium">
          To confirm, type <span className="font-semibold break-all">{email}</span>
        </label>
        <input
          ref={field}
          id={fieldId}
          name="confirm-email"
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          disabled={busy}
          className={inputClasses}
        />
      </div>
    </ConfirmDialog>
  );
}
