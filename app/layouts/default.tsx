import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { getSessionUser } from "#server/auth/session.server";
import { servicesContext } from "#server/ui/context";
import type { Route } from "./+types/default";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser({ request, services: context.get(servicesContext) });
  return { signedIn: Boolean(user) };
}

function Frame({ signedIn, children }: { signedIn: boolean; children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader signedIn={signedIn} />
      <div className="flex-1">{children}</div>
      <SiteFooter />
    </div>
  );
}

/** The shared layout ("default", spec §2) for every page that names no other. */
export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Frame signedIn={loaderData.signedIn}>
      <Outlet />
    </Frame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Frame signedIn={useRouteLoaderData<typeof loader>("layouts/default")?.signedIn ?? false}>
      <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} error={error} />
    </Frame>
  );
}
