import { Boxes, Palette, Settings, Sparkles, UserRound, Users, type LucideIcon } from "lucide-react";
import { AppNavLink } from "~/components/app-link";

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
        <AppNavLink
          key={to}
          to={to}
          end={end}
          onClick={onNavigate}
          className={({ isActive }) => (isActive ? "nav-link nav-link-active" : "nav-link nav-link-idle")}
        >
          <Icon aria-hidden className="size-5" />
          {label}
        </AppNavLink>
      ))}
    </nav>
  );
}
