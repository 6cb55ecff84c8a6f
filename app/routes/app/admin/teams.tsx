import { Coins, UsersRound } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { CreditsDialog } from "~/components/admin/account-dialogs";
import { EmptyState } from "~/components/empty-state";
import { Button } from "~/components/ui/button";
import { utcDateTime } from "~/lib/words/admin-format";
import { creditCount } from "#domain/credit-words";
import type { OperatorTeam } from "#domain/operator-users";
import { withRouteErrors } from "#server/http/route-errors.server";
import { operatorRoute } from "#server/ui/operator-route.server";
import { listTeamsForOperator } from "#server/operator/team-directory.server";
import type { Route } from "./+types/teams";
import { formatCount } from "#domain/count-words";

export function meta() {
  return [{ title: "Teams · Operator console · Motif" }];
}

export const loader = withRouteErrors(async ({ context }: Route.LoaderArgs) => {
  const { services } = await operatorRoute(context);
  return { teams: await listTeamsForOperator(services.database.db) };
});

const count = (n: number) => formatCount(n);

/** The console's teams: each with its owner, size and balance, and credits given or taken with a reason. */
export default function TeamsPage({ loaderData }: Route.ComponentProps) {
  const [chosen, setChosen] = useState<OperatorTeam | null>(null);
  const revalidator = useRevalidator();
  if (loaderData.teams.length === 0)
    return (
      <EmptyState icon={UsersRound} title="No teams yet">
        People make teams from their own Teams page to share styles, objects and a balance. Once they do, each team is
        listed here, and you can give it credits its members spend.
      </EmptyState>
    );
  return (
    <section aria-labelledby="teams-heading" className="grid gap-4">
      <h2 id="teams-heading" className="sr-only">
        Teams
      </h2>
      <ul className="grid gap-3 md:grid-cols-2" aria-label="Teams">
        {loaderData.teams.map((team) => (
          <li
            key={team.id}
            data-testid="operator-team"
            className="flex flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="truncate font-semibold text-neutral-900 dark:text-white">{team.name}</p>
                <p className="truncate text-sm text-neutral-600 dark:text-neutral-400">
                  {team.owner ? `Owned by ${team.owner}` : "No owner"} · {count(team.members)}{" "}
                  {team.members === 1 ? "member" : "members"}
                </p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setChosen(team)}
                aria-label={`Credits for team ${team.name}`}
              >
                <Coins aria-hidden className="size-4" />
                Credits
              </Button>
            </div>
            <dl className="grid grid-cols-3 gap-3 text-sm">
              <div>
                <dt className="text-xs text-neutral-500 dark:text-neutral-400">Balance</dt>
                <dd className="font-semibold tabular-nums" data-testid="operator-team-balance">
                  {creditCount(team.credits)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-neutral-500 dark:text-neutral-400">Images</dt>
                <dd className="font-semibold tabular-nums">{count(team.imagesMade)}</dd>
              </div>
              <div>
                <dt className="text-xs text-neutral-500 dark:text-neutral-400">Made</dt>
                <dd className="text-neutral-700 dark:text-neutral-300">
                  {utcDateTime(team.createdAt).replace(/, .*$/, "")}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {chosen && (
        <CreditsDialog
          holder={{ kind: "team", id: chosen.id, label: chosen.name, credits: chosen.credits, debt: chosen.debt }}
          onClose={() => setChosen(null)}
          onDone={() => void revalidator.revalidate()}
        />
      )}
    </section>
  );
}
