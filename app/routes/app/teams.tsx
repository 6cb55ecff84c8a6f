import { ChevronRight, Plus, Users } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { AppLink } from "~/components/app-link";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { DialogFormActions } from "~/components/ui/dialog-form-actions";
import { ModalDialog } from "~/components/ui/sheet-dialog";
import { TextField } from "~/components/ui/text-field";
import { fieldErrors } from "~/lib/api/api";
import { callApi } from "~/lib/api/api-client";
import { refusalMessage } from "~/lib/words/refusal-message";
import { toast } from "~/lib/state/toast-store";
import { TEAM_NAME_MAX, teamRoleLabels } from "#domain/teams";
import { createTeamSchema } from "#domain/requests/teams";
import { userContext } from "#server/ui/require-user.server";
import { servicesContext } from "#server/ui/context";
import { listTeams } from "#server/teams/teams.server";
import type { Route } from "./+types/teams";

export function meta() {
  return [{ title: "Teams · Motif" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return { teams: await listTeams(services.database.db, context.get(userContext).id) };
}

function NewTeamDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createTeamSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(undefined);
    setBusy(true);
    try {
      const { team } = await callApi("post", "/api/teams", { body: parsed.data });
      toast({ title: "Team created", description: `${team.name} is ready: invite your colleagues.`, color: "success" });
      await navigate(`/app/teams/${team.id}`);
    } catch (failure) {
      const fields = fieldErrors(failure);
      if (fields.name) setError(fields.name);
      else
        toast({
          title: "Team error",
          description: refusalMessage(failure, "The team was not made. Please try again."),
          color: "error",
        });
      setBusy(false);
    }
  }

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New team"
      description="Share styles, images and credits with the people you make things with. You will be its owner."
    >
      <form onSubmit={submit} noValidate className="grid gap-5">
        <TextField
          label="Team name"
          placeholder="Harbour Games"
          maxLength={TEAM_NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error}
          autoFocus
        />
        <DialogFormActions busy={busy} submitLabel="Make team" onCancel={() => onOpenChange(false)} />
      </form>
    </ModalDialog>
  );
}

/** The teams the person is in, and making a new one. */
export default function TeamsPage({ loaderData }: Route.ComponentProps) {
  const [creating, setCreating] = useState(false);
  const newTeam = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden className="size-4" />
      New team
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Teams"
        description="Make things with others: a team's members share its styles, images and credits."
        actions={loaderData.teams.length > 0 ? newTeam : undefined}
      />
      {loaderData.teams.length === 0 ? (
        <EmptyState icon={Users} title="No teams yet" action={newTeam}>
          Make a team for your studio, class or project, then invite people by e-mail. Owners and admins manage who is
          in it; everyone in it works with its styles.
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Your teams">
          {loaderData.teams.map((team) => (
            <li key={team.id}>
              <AppLink
                to={`/app/teams/${team.id}`}
                className="group flex items-center gap-4 rounded-2xl border border-neutral-200 bg-white p-5 transition hover:border-primary-300 hover:shadow-sm dark:border-neutral-800 dark:bg-neutral-900 dark:hover:border-primary-800"
              >
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-primary-500 to-secondary-500 text-lg font-semibold text-white">
                  {team.name.slice(0, 1).toUpperCase()}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold">{team.name}</span>
                  <span className="text-sm text-neutral-600 dark:text-neutral-400">
                    {teamRoleLabels[team.role]} · {team.members} member{team.members === 1 ? "" : "s"}
                  </span>
                </span>
                <ChevronRight aria-hidden className="size-5 text-neutral-400 transition group-hover:translate-x-0.5" />
              </AppLink>
            </li>
          ))}
        </ul>
      )}
      <NewTeamDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
