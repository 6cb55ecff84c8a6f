import { ArrowLeft, Crown, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { AppLink } from "~/components/app-link";
import { PageHeader } from "~/components/page-header";
import { teamChange } from "~/components/teams/team-change";
import { Invitations, MemberList } from "~/components/teams/team-members";
import { Button, buttonClasses } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DialogFormActions } from "~/components/ui/dialog-form-actions";
import { ModalDialog } from "~/components/ui/sheet-dialog";
import { inputClasses, TextField } from "~/components/ui/text-field";
import { callApi } from "~/lib/api/api-client";
import { toast } from "~/lib/state/toast-store";
import { TEAM_NAME_MAX, teamRoleLabels, type TeamDetail } from "#domain/teams";
import { renameTeamSchema } from "#domain/requests/teams";
import { userContext } from "#server/ui/require-user.server";
import { servicesContext } from "#server/ui/context";
import { withRouteErrors } from "#server/http/route-errors.server";
import { readTeam } from "#server/teams/teams.server";
import type { Route } from "./+types/team";
import { formatCount } from "#domain/count-words";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.team.name ?? "Team"} · Motif` }];
}

// Someone not in the team gets the 404 page: whether the team exists is none of their business.
export const loader = withRouteErrors(async ({ context, params }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  const user = context.get(userContext);
  return { team: await readTeam(services.database.db, { teamId: params.teamId, userId: user.id }), myId: user.id };
});

const roleSentence = { owner: "You own this team.", admin: "You are an admin.", member: "You are a member." } as const;

function RenameDialog({ team, onClose, onDone }: { team: TeamDetail; onClose(): void; onDone(): void }) {
  const [name, setName] = useState(team.name);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <ModalDialog open onOpenChange={(open) => !open && onClose()} title="Rename the team">
      <form
        noValidate
        className="grid gap-5"
        onSubmit={async (event) => {
          event.preventDefault();
          const parsed = renameTeamSchema.safeParse({ name });
          if (!parsed.success) return setError(parsed.error.issues[0]!.message);
          setBusy(true);
          const ok = await teamChange(() =>
            callApi("patch", "/api/teams/:id", { params: { id: team.id }, body: parsed.data }),
          );
          setBusy(false);
          if (ok) {
            toast({ title: "Team renamed", description: `The team is now ${parsed.data.name}.`, color: "success" });
            onDone();
            onClose();
          }
        }}
      >
        <TextField
          label="Team name"
          maxLength={TEAM_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error}
        />
        <DialogFormActions busy={busy} submitLabel="Rename" onCancel={onClose} />
      </form>
    </ModalDialog>
  );
}

/** The owner's part: hand the team to another member, or delete it. */
function OwnerActions({ team, onChanged }: { team: TeamDetail; onChanged(): void }) {
  const navigate = useNavigate();
  const others = team.memberList.filter((m) => m.role !== "owner");
  const [heir, setHeir] = useState(others[0]?.userId ?? "");
  const [confirm, setConfirm] = useState<"transfer" | "delete" | null>(null);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const heirEmail = others.find((m) => m.userId === heir)?.email ?? "";

  async function transfer() {
    setBusy(true);
    const ok = await teamChange(() =>
      callApi("post", "/api/teams/:id/transfer", { params: { id: team.id }, body: { userId: heir } }),
    );
    setBusy(false);
    setConfirm(null);
    if (ok) {
      toast({
        title: "Team handed over",
        description: `${heirEmail} owns ${team.name}; you stay as an admin.`,
        color: "success",
      });
      onChanged();
    }
  }

  async function remove() {
    setBusy(true);
    const ok = await teamChange(() => callApi("delete", "/api/teams/:id", { params: { id: team.id } }));
    setBusy(false);
    if (!ok) return setConfirm(null);
    toast({ title: "Team deleted", description: `${team.name} is gone.`, color: "success" });
    await navigate("/app/teams");
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <div className="grid gap-1.5">
          <label htmlFor="new-owner" className="text-sm font-medium">
            Hand the team over to
          </label>
          <select
            id="new-owner"
            value={heir}
            disabled={others.length === 0}
            onChange={(e) => setHeir(e.target.value)}
            className={inputClasses}
          >
            {others.length === 0 && <option value="">Invite someone first</option>}
            {others.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.email} ({teamRoleLabels[m.role]})
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" disabled={!heir} onClick={() => setConfirm("transfer")}>
          <Crown aria-hidden className="size-4" />
          Hand over
        </Button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-error-200 bg-error-50/50 p-4 dark:border-error-900/60 dark:bg-error-950/20">
        <p className="text-sm text-neutral-700 dark:text-neutral-300">Deleting the team removes everyone from it.</p>
        <Button variant="danger" onClick={() => setConfirm("delete")}>
          <Trash2 aria-hidden className="size-4" />
          Delete team
        </Button>
      </div>
      <ConfirmDialog
        open={confirm === "transfer"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={`Hand ${team.name} over to ${heirEmail}?`}
        description="They become its owner: they alone can hand it over again or delete it. You stay on as an admin."
        confirmLabel="Hand over"
        busy={busy}
        stayOpenOnConfirm
        onConfirm={() => void transfer()}
      />
      <ConfirmDialog
        open={confirm === "delete"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={`Delete ${team.name}?`}
        description="Everyone in it loses access at once, and its pending invitations stop working. This cannot be undone."
        confirmLabel="Delete team"
        confirmDisabled={typed.trim() !== team.name}
        busy={busy}
        stayOpenOnConfirm
        onConfirm={() => void remove()}
      >
        <TextField
          label={`Type ${team.name} to confirm`}
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </ConfirmDialog>
    </div>
  );
}

/** A team: who is in it, invitations, and (for its owner) handing it over or deleting it. */
export default function TeamPage({ loaderData }: Route.ComponentProps) {
  const { team, myId } = loaderData;
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const refresh = () => void revalidator.revalidate();
  const manager = team.role === "owner" || team.role === "admin";
  return (
    <>
      <AppLink
        to="/app/teams"
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Teams
      </AppLink>
      <PageHeader
        title={team.name}
        description={`${roleSentence[team.role]} ${team.members} member${team.members === 1 ? "" : "s"}.`}
        actions={
          manager ? (
            <Button variant="secondary" onClick={() => setRenaming(true)}>
              <Pencil aria-hidden className="size-4" />
              Rename
            </Button>
          ) : undefined
        }
      />
      <div className="grid gap-6">
        <Panel
          size="lg"
          id="workspace-heading"
          title="Workspace"
          description="The team's styles, objects, sets and credits. Everyone in it sees and uses them; who made what is shown."
        >
          <div className="flex flex-wrap items-center justify-between gap-4">
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              Balance{" "}
              <strong
                className="text-2xl font-semibold text-neutral-900 tabular-nums dark:text-white"
                data-testid="team-balance"
              >
                {formatCount(team.credits)}
              </strong>{" "}
              credits
            </p>
            <div className="flex flex-wrap gap-2">
              <a className={buttonClasses("secondary")} href={`/app/credits?workspace=${encodeURIComponent(team.id)}`}>
                Credit history
              </a>
              <a className={buttonClasses("primary")} href={`/app?workspace=${encodeURIComponent(team.id)}`}>
                Work in this team
              </a>
            </div>
          </div>
        </Panel>
        <Panel size="lg" id="members-heading" title="Members">
          <MemberList team={team} myId={myId} onChanged={refresh} onLeft={() => void navigate("/app/teams")} />
        </Panel>
        {manager && (
          <Panel
            size="lg"
            id="invite-heading"
            title="Invite people"
            description="They get an e-mail with a link that works once, for that address, for 7 days. Admins can invite and manage members too."
          >
            <Invitations team={team} onChanged={refresh} />
          </Panel>
        )}
        {team.role === "owner" && (
          <Panel size="lg" id="owner-heading" title="Ownership">
            <OwnerActions team={team} onChanged={refresh} />
          </Panel>
        )}
      </div>
      {renaming && <RenameDialog team={team} onClose={() => setRenaming(false)} onDone={refresh} />}
    </>
  );
}
