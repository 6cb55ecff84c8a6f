import { useLayoutEffect, useState } from "react";
import { data, isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { AppLink } from "~/components/app-link";
import { AnnouncementBanner } from "~/components/announcement-banner";
import { AppNav } from "~/components/app-nav";
import { AuthProvider, useAuth, useAuthActions } from "~/components/auth-provider";
import { ColourModeMenu } from "~/components/colour-mode-menu";
import { CreditBadge } from "~/components/credit-badge";
import { ErrorPage } from "~/components/error-page";
import { Logo } from "~/components/logo";
import { MobileNav } from "~/components/mobile-nav";
import { PreviewEngineBanner } from "~/components/preview-engine-banner";
import { SignupCreditsNotice } from "~/components/signup-credits-notice";
import { UserMenu } from "~/components/user-menu";
import { WorkspaceLeftNotice } from "~/components/workspace-left-notice";
import { WorkspaceSwitcher } from "~/components/workspace-switcher";
import { resumeLiveEventsFrom } from "~/lib/api/live-events";
import {
  balanceContext,
  eventCursorContext,
  requireUserMiddleware,
  shellDataContext,
  userContext,
  workspaceContext,
  workspaceRefusedContext,
} from "#server/ui/require-user.server";
import { servicesContext } from "#server/ui/context";
import { announcementInForce, readShell } from "#server/ui/shell-start.server";
import { presentModels } from "#server/generation/providers/model-views.server";
import { failedProviderChecks } from "#server/generation/providers/provider-checks.server";
import { operatorView } from "#server/setup/operator-view.server";
import { clearSignupNoticeCookie, hasSignupNotice } from "#server/users/signup-notice.server";
import { MAIN_CONTENT_ID } from "~/lib/ui/return-focus";
import type { Route } from "./+types/app";

export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const workspace = context.get(workspaceContext);
  const services = context.get(servicesContext);
  const [operator, shell] = await Promise.all([
    operatorView(services, { user, request }),
    // A document's was read with its position, before any loader.
    context.get(shellDataContext) ?? readShell(services.database.db, user.id),
  ]);
  // A new account that got no sign-up credits is told why, on this first page only.
  const signupNotice = hasSignupNotice(request);
  // Every price the app shows before generating follows the chosen model's prices (free previews).
  return data(
    {
      user: { id: user.id, email: user.email },
      workspace: { id: workspace.id, name: workspace.name },
      // The browser named a team the person is no longer in: the page is in their own workspace now.
      workspaceLeft: context.get(workspaceRefusedContext),
      workspaces: [{ id: user.id, name: null }, ...shell.teams],
      operator,
      models: presentModels(services.providers, await failedProviderChecks(services.database.db)),
      // Stripe configured: the credits page sells packs; otherwise it says how to ask the operators.
      buyCredits: Boolean(services.config.billing),
      signupNotice,
      announcement: announcementInForce(shell, services.config.instance),
      eventCursor: context.get(eventCursorContext),
      // The balance as the document starts (null when moving inside the app: the shell has it).
      balance: context.get(balanceContext),
    },
    signupNotice
      ? { headers: { "Set-Cookie": clearSignupNoticeCookie(services.config.auth.secureCookies) } }
      : undefined,
  );
}

function Shell({ email, children }: { email: string; children: React.ReactNode }) {
  const inTeams = (useRouteLoaderData<typeof loader>("layouts/app")?.workspaces.length ?? 0) > 1;
  return (
    <div className="min-h-dvh bg-neutral-50 dark:bg-neutral-950">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only rounded-xl bg-primary-600 px-4 py-2 text-sm font-semibold text-white shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col gap-8 border-r border-neutral-200 bg-white px-4 py-5 desk:flex dark:border-neutral-800 dark:bg-neutral-900">
        <AppLink to="/app" aria-label="Motif home" className="px-2">
          <Logo />
        </AppLink>
        <AppNav />
      </aside>
      <div className="desk:pl-64">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-neutral-200 bg-white/85 px-4 backdrop-blur-md sm:gap-3 sm:px-6 dark:border-neutral-800 dark:bg-neutral-900/85">
          <MobileNav className="desk:hidden">{(close) => <AppNav onNavigate={close} />}</MobileNav>
          <AppLink to="/app" aria-label="Motif home" className="desk:hidden">
            {/* On a phone in teams, the mark alone: the switcher needs the room to name the workspace. */}
            <Logo wordmarkClassName={inTeams ? "hidden sm:inline" : undefined} />
          </AppLink>
          <div className="ml-auto flex min-w-0 items-center gap-2">
            <ShellWorkspaces />
            <ShellCredits />
            <ColourModeMenu />
            <ShellUserMenu email={email} />
          </div>
        </header>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 outline-none sm:px-6 lg:py-10">
          <ShellBanner />
          {children}
        </main>
      </div>
    </div>
  );
}

function ShellCredits() {
  const { authUser } = useAuth();
  const buyCredits = Boolean(useRouteLoaderData<typeof loader>("layouts/app")?.buyCredits);
  return <CreditBadge credits={authUser?.credits ?? null} buyCredits={buyCredits} />;
}

function ShellWorkspaces() {
  const data = useRouteLoaderData<typeof loader>("layouts/app");
  // Someone in no team has one workspace: nothing to switch between.
  if (!data || data.workspaces.length < 2) return null;
  return <WorkspaceSwitcher current={data.workspace} choices={data.workspaces} />;
}

function ShellBanner() {
  const data = useRouteLoaderData<typeof loader>("layouts/app");
  // Read once: the shell stays while the person moves between pages, and so does the notice.
  const [signupNotice] = useState(Boolean(data?.signupNotice));
  // Told once it happens (the next load no longer names the team), kept until closed.
  const [workspaceLeft, setWorkspaceLeft] = useState(Boolean(data?.workspaceLeft));
  if (data?.workspaceLeft && !workspaceLeft) setWorkspaceLeft(true);
  return (
    <>
      {workspaceLeft && <WorkspaceLeftNotice className="mb-6" />}
      {data?.announcement && <AnnouncementBanner text={data.announcement} className="mb-6" />}
      {signupNotice && <SignupCreditsNotice buyCredits={Boolean(data?.buyCredits)} className="mb-6" />}
      {data?.operator?.showPreviewBanner && <PreviewEngineBanner className="mb-6" />}
    </>
  );
}

function ShellUserMenu({ email }: { email: string }) {
  const { signOut } = useAuthActions();
  const data = useRouteLoaderData<typeof loader>("layouts/app");
  return (
    <UserMenu
      email={email}
      operator={Boolean(data?.operator)}
      buyCredits={Boolean(data?.buyCredits)}
      onSignOut={() => void signOut()}
    />
  );
}

/** The signed-in shell: navigation, credit balance, account menu. */
export default function AppLayout({ loaderData }: Route.ComponentProps) {
  // Before any page's effects open the event stream (layout effects run first).
  const { eventCursor, balance, user } = loaderData;
  useLayoutEffect(() => {
    if (eventCursor !== null) resumeLiveEventsFrom(eventCursor);
  }, [eventCursor]);
  return (
    <AuthProvider
      workspaceId={loaderData.workspace.id}
      initialUser={balance ? { uid: user.id, email: user.email, ...balance } : undefined}
    >
      <Shell email={loaderData.user.email}>
        <Outlet />
      </Shell>
    </AuthProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const email = useRouteLoaderData<typeof loader>("layouts/app")?.user.email;
  const page = <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} error={error} />;
  return email ? (
    <AuthProvider>
      <Shell email={email}>{page}</Shell>
    </AuthProvider>
  ) : (
    page
  );
}
