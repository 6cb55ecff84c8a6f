import { UserRound, X } from "lucide-react";
import { cn } from "~/lib/cn";
import { useDismissal } from "~/lib/use-dismissal";

/**
 * Says why the page moved to the person's own workspace: the team they were working in no longer
 * includes them (removed, or they left it elsewhere). It names no team: the browser's choice is
 * only an id, and someone out of a team is not told its name again.
 */
export function WorkspaceLeftNotice({ className }: { className?: string }) {
  const { hidden, dismiss } = useDismissal();
  if (hidden) return null;
  return (
    <aside
      role="status"
      aria-label="Workspace"
      data-testid="workspace-left"
      className={cn(
        "flex items-start gap-3 rounded-xl border border-primary-200 bg-primary-50 px-4 py-3 text-sm text-primary-950 dark:border-primary-800/70 dark:bg-primary-950/40 dark:text-primary-50",
        className,
      )}
    >
      <UserRound aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-700 dark:text-primary-300" />
      <p className="min-w-0 flex-1 leading-relaxed">
        <span className="font-semibold">You are no longer in that team.</span> You are back in your own workspace, with
        your own styles, objects and credits.
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Close this notice"
        className="-m-1 grid size-8 shrink-0 place-items-center rounded-lg text-primary-800 hover:bg-primary-100 dark:text-primary-200 dark:hover:bg-primary-900/50"
      >
        <X aria-hidden className="size-4" />
      </button>
    </aside>
  );
}
