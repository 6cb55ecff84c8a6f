import { Gauge, LogOut, Mail, Send, UserMinus, X } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { TeamDetail, TeamMember } from "#domain/teams";
import { limitRefusal, teamRoleLabels } from "#domain/teams";
import { inviteSchema } from "#domain/requests/teams";
import { fieldErrors } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { utcDateTime } from "~/lib/words/admin-format";
import { cn } from "~/lib/ui/cn";
import { refusalMessage } from "~/lib/words/refusal-message";
import { toast } from "~/lib/state/toast-store";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { inputClasses, TextField } from "../ui/text-field";
import { MemberLimitDialog } from "./member-limit-dialog";
import { teamChange } from "./team-change";
import { formatCount } from "#domain/count-words";

const rolePill = (role: TeamMember["role"]) =>
  cn(
    "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium",
    role === "owner"
      ? "bg-secondary-50 text-secondary-700 dark:bg-secondary-950 dark:text-secondary-300"
      : role === "admin"
        ? "bg-primary-50 text-primary-700 dark:bg-primary-950 dark:text-primary-300"
        : "bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300",
  );

/** Everyone in the team; managers change roles and remove people; anyone but the owner can leave. */
export function MemberList(props: { team: TeamDetail; myId: string; onChanged(): void; onLeft(): void }) {
  const { team, myId } = props;
  const manager = team.role === "owner" || team.role === "admin";
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [limiting, setLimiting] = useState<TeamMember | null>(null);
  const [busy, setBusy] = useState(false);

  async function setRole(member: TeamMember, role: "admin" | "member") {
    const ok = await teamChange(() =>
      callApi("patch", "/api/teams/:id/members/:userId", {
        params: { id: team.id, userId: member.userId },
        body: { role },
      }),
    );
    if (ok) {
      toast({
        title: "Role changed",
        description: `${member.email} is now ${teamRoleLabels[role].toLowerCase()}.`,
        color: "success",
      });
      props.onChanged();
    }
  }

  async function remove(member: TeamMember) {
    setBusy(true);
    const leaving = member.userId === myId;
    const ok = await teamChange(() =>
      callApi("delete", "/api/teams/:id/members/:userId", { params: { id: team.id, userId: member.userId } }),
    );
    setBusy(false);
    setRemoving(null);
    if (!ok) return;
    toast({
      title: leaving ? "Team left" : "Member removed",
      description: leaving ? `You left ${team.name}.` : `${member.email} is no longer in ${team.name}.`,
      color: "success",
    });
    if (leaving) props.onLeft();
    else props.onChanged();
  }

  return (
    <>
      <ul aria-label="Members" className="divide-y divide-neutral-100 dark:divide-neutral-800">
        {team.memberList.map((member) => {
          const you = member.userId === myId;
          return (
            <li
              key={member.userId}
              data-testid="team-member"
              className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3"
            >
              <div className="min-w-0 flex-1 basis-full sm:basis-0">
                <p className="font-medium break-all">
                  {member.email}
                  {you && <span className="ml-2 text-sm font-normal text-neutral-500">(you)</span>}
                </p>
                <p className="text-xs text-neutral-500 dark:text-neutral-400">
                  Joined {utcDateTime(member.joinedAt)} ·{" "}
                  <span data-testid="member-spend">
                    spent {formatCount(member.spentThisMonth)}
                    {member.monthlyLimit !== null && ` of ${formatCount(member.monthlyLimit)}`} this month
                  </span>
                </p>
              </div>
              {limitRefusal(team.role, member.role) === null && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setLimiting(member)}
                  aria-label={`Monthly limit of ${member.email}`}
                >
                  <Gauge aria-hidden className="size-4" />
                  Limit
                </Button>
              )}
              {manager && member.role !== "owner" && !you ? (
                <div className="w-32 shrink-0">
                  <select
                    aria-label={`Role of ${member.email}`}
                    value={member.role}
                    onChange={(e) => void setRole(member, e.target.value as "admin" | "member")}
                    className={cn(inputClasses, "h-9 text-sm")}
                  >
                    <option value="admin">Admin</option>
                    <option value="member">Member</option>
                  </select>
                </div>
              ) : (
                <span className={rolePill(member.role)}>{teamRoleLabels[member.role]}</span>
              )}
              {member.role !== "owner" && (you || manager) && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setRemoving(member)}
                  aria-label={you ? "Leave the team" : `Remove ${member.email}`}
                >
                  {you ? <LogOut aria-hidden className="size-4" /> : <UserMinus aria-hidden className="size-4" />}
                  {you ? "Leave" : "Remove"}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {limiting && (
        <MemberLimitDialog
          teamId={team.id}
          member={limiting}
          onClose={() => setLimiting(null)}
          onDone={props.onChanged}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing?.userId === myId ? `Leave ${team.name}?` : `Remove ${removing?.email ?? ""}?`}
        description={
          removing?.userId === myId
            ? "You lose access to the team's styles, images and credits at once. Someone must invite you again to come back."
            : "They lose access to the team's styles, images and credits at once. What they made stays with the team."
        }
        confirmLabel={removing?.userId === myId ? "Leave team" : "Remove"}
        busy={busy}
        stayOpenOnConfirm
        onConfirm={() => removing && void remove(removing)}
      />
    </>
  );
}

/** Owners and admins invite by e-mail, and withdraw invitations not yet used. */
export function Invitations(props: { team: TeamDetail; onChanged(): void }) {
  const { team } = props;
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<"admin" | "member">("member");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = inviteSchema.safeParse({ email: email.trim(), role });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(undefined);
    setBusy(true);
    try {
      await callApi("post", "/api/teams/:id/invitations", { params: { id: team.id }, body: parsed.data });
      toast({
        title: "Invitation sent",
        description: `${parsed.data.email} has a link to join ${team.name}.`,
        color: "success",
      });
      setEmail("");
      props.onChanged();
    } catch (failure) {
      const fields = fieldErrors(failure);
      if (fields.email) setError(fields.email);
      else
        toast({
          title: "Invitation error",
          description: refusalMessage(failure, "Nothing was sent. Please try again."),
          color: "error",
        });
    } finally {
      setBusy(false);
    }
  }

  async function withdraw(invitationId: string, address: string) {
    const ok = await teamChange(() =>
      callApi("delete", "/api/teams/:id/invitations/:invitationId", { params: { id: team.id, invitationId } }),
    );
    if (ok) {
      toast({
        title: "Invitation withdrawn",
        description: `The link sent to ${address} no longer works.`,
        color: "success",
      });
      props.onChanged();
    }
  }

  return (
    <div className="grid gap-5">
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem_auto] sm:items-start">
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="off"
          placeholder="colleague@studio.example"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
        />
        <div className="grid gap-1.5">
          <label htmlFor="invite-role" className="text-sm font-medium">
            Role
          </label>
          <select
            id="invite-role"
            value={role}
            onChange={(e) => setRole(e.target.value as "admin" | "member")}
            className={cn(inputClasses, "pr-8")}
          >
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <Button type="submit" disabled={busy} className="sm:mt-7">
          <Send aria-hidden className="size-4" />
          Send invitation
        </Button>
      </form>
      {team.invitations.length > 0 && (
        <ul aria-label="Pending invitations" className="divide-y divide-neutral-100 dark:divide-neutral-800">
          {team.invitations.map((invitation) => (
            <li key={invitation.id} className="flex items-center gap-3 py-2.5">
              <Mail aria-hidden className="size-4 shrink-0 text-neutral-400" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium break-all">{invitation.email}</p>
                <p className="text-xs text-neutral-500 dark:text-neutral-400">
                  {teamRoleLabels[invitation.role]} · expires {utcDateTime(invitation.expiresAt)}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Withdraw the invitation to ${invitation.email}`}
                onClick={() => void withdraw(invitation.id, invitation.email)}
              >
                <X aria-hidden className="size-4" />
                Withdraw
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
