import { useState, type FormEvent, type ReactNode } from "react";
import { accountStatusSchema, adjustCreditsSchema } from "#domain/requests/audit";
import { creditCount } from "#domain/credit-words";
import type { OperatorUser } from "#domain/operator-users";
import { fieldErrors, issuesByField } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { refusalMessage } from "~/lib/words/refusal-message";
import { toast } from "~/lib/state/toast-store";
import { DialogFormActions } from "../ui/dialog-form-actions";
import { SegmentedControl } from "../ui/segmented-control";
import { ModalDialog } from "../ui/sheet-dialog";
import { TextAreaField } from "../ui/text-area-field";
import { TextField } from "../ui/text-field";

/** What the operator is doing to an account, in the users list. */
export type AccountAction = { kind: "credits" | "disable" | "enable" | "delete"; user: OperatorUser };

interface DialogProps {
  user: OperatorUser;
  onClose(): void;
  /** After a change: the list reads the accounts again. */
  onDone(): void;
}

/**
 * One dialog form for an account: the reason every operator action asks for, what else it needs,
 * and the call. Field errors land on their fields; anything else is a toast.
 */
function ReasonForm(props: {
  title: string;
  description: ReactNode;
  submitLabel: string;
  danger?: boolean;
  reasonLabel: string;
  children?: ReactNode;
  /** Checks the form; the body to send, or the field errors. */
  validate(reason: string): { body: unknown } | { errors: Record<string, string> };
  send(body: unknown): Promise<void>;
  errorTitle: string;
  onClose(): void;
  errors: Record<string, string>;
  setErrors(errors: Record<string, string>): void;
}) {
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = props.validate(reason);
    if ("errors" in checked) return props.setErrors(checked.errors);
    props.setErrors({});
    setBusy(true);
    try {
      await props.send(checked.body);
      props.onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0 && !fields.form) props.setErrors(fields);
      else
        toast({
          title: props.errorTitle,
          description: refusalMessage(error, "Nothing was changed. Please try again."),
          color: "error",
        });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog open onOpenChange={(open) => !open && props.onClose()} title={props.title}>
      <form onSubmit={submit} noValidate className="grid gap-5">
        <div className="text-sm leading-relaxed text-neutral-600 dark:text-neutral-400">{props.description}</div>
        {props.children}
        <TextAreaField
          label={props.reasonLabel}
          rows={2}
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={props.errors.reason}
          placeholder="Written to the audit log"
        />
        <DialogFormActions busy={busy} danger={props.danger} submitLabel={props.submitLabel} onCancel={props.onClose} />
      </form>
    </ModalDialog>
  );
}

/** Whose credits the operator changes: an account's own balance, or a team's. */
export interface CreditHolder {
  kind: "account" | "team";
  id: string;
  /** The account's address, or the team's name. */
  label: string;
  credits: number;
  debt: number;
}

/** Give or take credits, with a reason: the balance after is shown before it is done. */
export function CreditsDialog({ holder: user, onClose, onDone }: { holder: CreditHolder } & Omit<DialogProps, "user">) {
  const [direction, setDirection] = useState<"give" | "take">("give");
  const [amount, setAmount] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const n = Number(amount);
  const valid = amount.trim() !== "" && Number.isInteger(n) && n > 0;
  const after = valid ? (direction === "give" ? Math.max(0, user.credits + n - user.debt) : user.credits - n) : null;
  return (
    <ReasonForm
      title={`Credits for ${user.kind === "team" ? `team “${user.label}”` : user.label}`}
      description={
        <>
          Balance now: <strong className="text-neutral-900 dark:text-white">{creditCount(user.credits)}</strong>
          {user.debt > 0 && <> (owes {creditCount(user.debt)}; a gift settles that first)</>}.
          {after !== null && (
            <>
              {" "}
              After: <strong className="text-neutral-900 dark:text-white">{creditCount(after)}</strong>.
            </>
          )}
        </>
      }
      submitLabel={direction === "give" ? "Give credits" : "Take credits"}
      reasonLabel="Why"
      errorTitle="Credit change error"
      errors={errors}
      setErrors={setErrors}
      onClose={onClose}
      validate={(reason) => {
        const parsed = adjustCreditsSchema.safeParse({
          amount: amount.trim() === "" ? Number.NaN : direction === "give" ? n : -n,
          reason,
        });
        return parsed.success ? { body: parsed.data } : { errors: issuesByField(parsed.error.issues) };
      }}
      send={async (body) => {
        const path = user.kind === "team" ? "/api/admin/teams/:id/credits" : "/api/admin/users/:id/credits";
        const result = await callApi("post", path, {
          params: { id: user.id },
          body: body as { amount: number; reason: string },
        });
        toast({
          title: { give: "Credits given", take: "Credits taken" }[direction],
          description: `${user.label} now has ${creditCount(result.credits)}.`,
          color: "success",
        });
        onDone();
      }}
    >
      <SegmentedControl<"give" | "take">
        legend="Change"
        name="direction"
        value={direction}
        onChange={setDirection}
        options={[
          { value: "give", label: "Give" },
          { value: "take", label: "Take" },
        ]}
      />
      <TextField
        label="Credits"
        inputMode="numeric"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
      />
    </ReasonForm>
  );
}

/** Disable an account (signed out everywhere, its keys refused) or let it back in. */
export function AccountStatusDialog({ user, disable, onClose, onDone }: DialogProps & { disable: boolean }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <ReasonForm
      title={disable ? `Disable ${user.email}?` : `Enable ${user.email}?`}
      description={
        disable
          ? "They are signed out everywhere at once, cannot sign in, and their API keys stop working. Nothing they made is removed, and you can enable the account again."
          : "They can sign in and use their API keys again."
      }
      submitLabel={disable ? "Disable account" : "Enable account"}
      danger={disable}
      reasonLabel="Why"
      errorTitle={disable ? "Disable error" : "Enable error"}
      errors={errors}
      setErrors={setErrors}
      onClose={onClose}
      validate={(reason) => {
        const parsed = accountStatusSchema.safeParse({ reason });
        return parsed.success ? { body: parsed.data } : { errors: issuesByField(parsed.error.issues) };
      }}
      send={async (body) => {
        await callApi("post", disable ? "/api/admin/users/:id/disable" : "/api/admin/users/:id/enable", {
          params: { id: user.id },
          body: body as { reason: string },
        });
        toast({
          title: disable ? "Account disabled" : "Account enabled",
          description: disable ? `${user.email} is signed out everywhere.` : `${user.email} can sign in again.`,
          color: "success",
        });
        onDone();
      }}
    />
  );
}

/** Delete an account and everything it made: the operator types its address to be sure. */
export function DeleteAccountDialog({ user, onClose, onDone }: DialogProps) {
  const [typed, setTyped] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <ReasonForm
      title={`Delete ${user.email}?`}
      description={`Their styles, objects, images, keys and ${creditCount(user.credits)} go, and they are signed out everywhere. This cannot be undone; the audit log keeps the address.`}
      submitLabel="Delete account"
      danger
      reasonLabel="Why"
      errorTitle="User deletion error"
      errors={errors}
      setErrors={setErrors}
      onClose={onClose}
      validate={(reason) => {
        const parsed = accountStatusSchema.safeParse({ reason });
        const found = parsed.success ? {} : issuesByField(parsed.error.issues);
        if (typed.trim().toLowerCase() !== user.email) found.confirm = "Type the account's address to delete it.";
        return parsed.success && !found.confirm ? { body: parsed.data } : { errors: found };
      }}
      send={async (body) => {
        await callApi("delete", "/api/admin/users/:id", { params: { id: user.id }, body: body as { reason: string } });
        toast({
          title: "Account deleted",
          description: `${user.email} and everything it made are gone.`,
          color: "success",
        });
        onDone();
      }}
    >
      <TextField
        label={`Type ${user.email} to confirm`}
        autoComplete="off"
        spellCheck={false}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        error={errors.confirm}
      />
    </ReasonForm>
  );
}
