import { useRouteLoaderData } from "react-router";

/** What the app shell's loader tells every page below it. */
type ShellData = { workspace: { id: string; name: string | null }; operator: unknown };

const useShellData = () => useRouteLoaderData<ShellData>("layouts/app");

/** The name of the team the page works in, or null in the person's own workspace. */
export function useTeamName(): string | null {
  return useShellData()?.workspace.name ?? null;
}

/** Where an operator gives the current workspace credits in the console: null for everyone else. */
export function useConsoleCreditsLink(): string | null {
  const data = useShellData();
  if (!data?.operator) return null;
  return data.workspace.name ? "/app/admin/teams" : "/app/admin";
}
