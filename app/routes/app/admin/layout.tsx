import { BarChart3, ScrollText, Server, Users, UsersRound, type LucideIcon } from "lucide-react";
import { NavLink, Outlet, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { cn } from "~/lib/ui/cn";
import { withRouteErrors } from "#server/http/route-errors.server";
import { operatorRoute } from "#server/ui/operator-route.server";
import type { Route } from "./+types/layout";

export function meta() {
  return [{ title: "Operator console · Motif" }];
}

// Anyone but an operator gets the 404 page: the console's existence tells them nothing.
export const loader = withRouteErrors(async ({ context }: Route.LoaderArgs) => {
  await operatorRoute(context);
  return null;
});

const tabs: { to: string; label: string; icon: LucideIcon; end?: boolean }[] = [
  { to: "/app/admin", label: "Users", icon: Users, end: true },
  { to: "/app/admin/teams", label: "Teams", icon: UsersRound },
  { to: "/app/admin/usage", label: "Usage", icon: BarChart3 },
  { to: "/app/admin/instance", label: "Instance", icon: Server },
  { to: "/app/admin/audit", label: "Audit", icon: ScrollText },
];

/** The operator console's frame: its title and the tabs between its pages. */
export default function AdminLayout() {
  const navigation = useNavigation();
  const switching = navigation.state === "loading" && navigation.location.pathname.startsWith("/app/admin");
  return (
    <>
      <PageHeader
        title="Operator console"
        description="Run this Motif from here: its accounts and their credits, what it makes, who may join, and a log of every change."
      />
      <nav aria-label="Console" className="-mx-4 mb-8 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <div className="inline-flex min-w-full gap-1 border-b border-neutral-200 sm:min-w-0 dark:border-neutral-800">
          {tabs.map(({ to, label, icon: Icon, end }) => (
            <NavLink
              key={to}
              to={to}
              end={end}
              prefetch="intent"
              className={({ isActive }) =>
                cn(
                  "-mb-px flex items-center gap-1.5 border-b-2 px-2.5 py-2.5 sm:gap-2 sm:px-3 text-sm font-medium whitespace-nowrap transition-colors",
                  isActive
                    ? "border-primary-600 text-primary-700 dark:border-primary-400 dark:text-primary-300"
                    : "border-transparent text-neutral-600 hover:border-neutral-300 hover:text-neutral-900 dark:text-neutral-400 dark:hover:border-neutral-700 dark:hover:text-white",
                )
              }
            >
              <Icon aria-hidden className="size-4" />
              {label}
            </NavLink>
          ))}
        </div>
      </nav>
      <div aria-busy={switching} className={cn("transition-opacity", switching && "opacity-60")}>
        <Outlet />
      </div>
      {switching && (
        <span role="status" className="sr-only">
          Loading…
        </span>
      )}
    </>
  );
}
