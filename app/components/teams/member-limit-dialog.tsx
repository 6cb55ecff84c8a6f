import { useState, type FormEvent } from "react";
import { type TeamMember } from "#domain/teams";
import { changeMemberSchema } from "#domain/requests/teams";
import { issuesByField } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { toast } from "~/lib/state/toast-store";
import { DialogFormActions } from "../ui/dialog-form-actions";
import { ModalDialog } from "../ui/sheet-dialog";
import { TextField } from "../ui/text-field";
import { teamChange } from "./team-change";
import { formatCount } from "#domain/count-words";

/** An owner or admin sets what a member may spend of the team's balance a month (empty: no limit). */
export function MemberLimitDialog(props: { teamId: string; member: TeamMember; onClose(): void; onDone(): void }) {
  const { member } = props;
  const [value, setValue] = useState(member.monthlyLimit === null ? "" : String(member.monthlyLimit));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const monthlyLimit = value.trim() === "" ? null : Number(value);
    const parsed = changeMemberSchema.safeParse({ monthlyLimit });
    if (!parsed.success)
      return setError(issuesByField(parsed.error.issues).monthlyLimit ?? "Give a number of credits.");
    setError(undefined);
    setBusy(true);
    const ok = await teamChange(() =>
      callApi("patch", "/api/teams/:id/members/:userId", {
        params: { id: props.teamId, userId: member.userId },
        body: { monthlyLimit },
      }),
    );
    setBusy(false);
    if (!ok) return;
    toast({
      title: "Limit set",
      description:
        monthlyLimit === null
          ? `${member.email} has no monthly limit.`
          : `${member.email} may spend ${formatCount(monthlyLimit)} credits a month.`,
      color: "success",
    });
    props.onDone();
    props.onClose();
  }

  return (
    <ModalDialog
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={`Monthly limit for ${member.email}`}
      description="What they may spend of the team's balance each calendar month (UTC). Leave it empty for no limit."
    >
      <form onSubmit={submit} noValidate className="grid gap-5">
        <TextField
          label="Credits a month"
          inputMode="numeric"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
          placeholder="No limit"
          hint={`Spent this month: ${formatCount(member.spentThisMonth)}`}
        />
        <DialogFormActions busy={busy} submitLabel="Save limit" onCancel={props.onClose} />
      </form>
    </ModalDialog>
  );
}
