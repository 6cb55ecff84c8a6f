import { Boxes, Palette, Settings, Sparkles, UserRound, Users, type LucideIcon } from "lucide-react";
import { NavLink } from "react-router";
import { cn } from "~/lib/ui/cn";

export const appNavItems: { to: string; label: string; icon: LucideIcon; end?: boolean }[] = [
  // The signed-in entry is the composer: it is named for what it does.
  { to: "/app", label: "Create", icon: Sparkles, end: true },
  { to: "/app/style", label: "Styles", icon: Palette },
  { to: "/app/object", label: "Objects", icon: Boxes },
  { to: "/app/characters", label: "Characters", icon: UserRound },
  { to: "/app/teams", label: "Teams", icon: Users },
  { to: "/app/settings", label: "Settings", icon: Settings },
];

export function AppNav({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="App" className="flex flex-col gap-1">
      {appNavItems.map(({ to, label, icon: Icon, end }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              "flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors",
              isActive
                ? "bg-primary-50 text-primary-700 dark:bg-primary-950/60 dark:text-primary-300"
                : "text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-400 dark:hover:bg-neutral-800/60 dark:hover:text-white",
            )
          }
        >
          <Icon aria-hidden className="size-5" />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
