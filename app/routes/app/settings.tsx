import { Coins, LogOut } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import { useAuth } from "~/components/auth-provider";
import { ApiKeys } from "~/components/api-keys";
import { CreditHistory } from "~/components/credit-history";
import { DeleteAccountDialog } from "~/components/delete-account-dialog";
import { ModelsList } from "~/components/models-list";
import { useColourModeContext } from "~/components/colour-mode-provider";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/ui/cn";
import { colourModePreferences } from "#domain/colour-mode";
import { formatCount } from "#domain/count-words";

export function meta() {
  return [{ title: "Settings · Motif" }];
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id?: string;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      id={id}
      className="scroll-mt-24 rounded-2xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 className="text-lg font-semibold">{title}</h2>
      {description && <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

function ColourModeSetting() {
  const { preference, setPreference } = useColourModeContext();
  return (
    <fieldset>
      <legend className="sr-only">Colour mode</legend>
      <div className="inline-flex rounded-xl bg-neutral-100 p-1 dark:bg-neutral-800">
        {colourModePreferences.map((mode) => (
          <label
            key={mode}
            className={cn(
              "cursor-pointer rounded-lg px-4 py-1.5 text-sm font-medium capitalize transition has-focus-visible:outline-2 has-focus-visible:outline-primary-500",
              preference === mode
                ? "bg-white text-neutral-900 shadow-sm dark:bg-neutral-950 dark:text-white"
                : "text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white",
            )}
          >
            <input
              type="radio"
              name="color-mode"
              value={mode}
              checked={preference === mode}
              onChange={() => setPreference(mode)}
              className="sr-only"
            />
            {mode}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default function SettingsPage() {
  const { authUser, loaded, signOut } = useAuth();
  const shell = useRouteLoaderData<{ user: { email: string }; workspace: { name: string | null } }>("layouts/app");
  const email = shell?.user.email ?? authUser?.email;
  // In a team's workspace, the balance and the keys here are the team's.
  const team = shell?.workspace.name ?? null;
  return (
    <>
      <PageHeader title="Settings" description="Your account, appearance and data." />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <Section title="Account">
          <dl className="grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-neutral-500 dark:text-neutral-400">E-mail</dt>
              <dd className="mt-1 font-medium break-all" data-testid="account-email">
                {email}
              </dd>
            </div>
          </dl>
          <div className="mt-6">
            <Button variant="secondary" onClick={() => void signOut()}>
              <LogOut aria-hidden className="size-4" /> Sign out
            </Button>
          </div>
        </Section>
        <Section
          id="credits"
          title={team ? `Credits of ${team}` : "Credits"}
          description={
            team
              ? "The team's balance, which everyone in it spends. Generations reserve credits when they start; anything that fails or is cancelled is refunded automatically."
              : "Generations reserve credits when they start; anything that fails or is cancelled is refunded automatically."
          }
        >
          <p className="flex items-center gap-2 text-2xl font-semibold tabular-nums" data-testid="settings-credits">
            <Coins aria-hidden className="size-5 text-amber-500" />
            {loaded && authUser ? (
              `${formatCount(authUser.credits)} credits`
            ) : (
              <span className="h-6 w-28 animate-pulse rounded bg-neutral-200 dark:bg-neutral-700" />
            )}
          </p>
          <h3 className="mt-6 mb-3 text-sm font-medium text-neutral-600 dark:text-neutral-400">History</h3>
          <CreditHistory />
        </Section>
        <Section
          id="models"
          title="Models"
          description="The image models this Motif offers. Pick one for each generation in the composer, or a default for each style."
        >
          <ModelsList />
        </Section>
        <Section
          id="api-keys"
          title="API keys"
          description={
            team
              ? `For scripts, pipelines and AI agents: the same API the app uses, with a key instead of a browser session. The keys here are yours and act in ${team}: they stop working if you leave it.`
              : "For scripts, pipelines and AI agents: the same API the app uses, with a key instead of a browser session."
          }
        >
          <ApiKeys />
        </Section>
        <Section title="Appearance" description="System follows your device's light or dark setting.">
          <ColourModeSetting />
        </Section>
        <Section title="Delete account" description="Remove your account and all of its data from this Motif instance.">
          <DeleteAccountDialog email={email} credits={loaded && authUser ? authUser.credits : null} />
        </Section>
      </div>
    </>
  );
}
