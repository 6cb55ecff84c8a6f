import { X, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/ui/cn";
import { useDismissal } from "~/lib/hooks/use-dismissal";

/**
 * A notice at the top of the signed-in pages that says why something is as it is, kept while
 * the person moves between pages until they close it.
 */
export function DismissibleNotice(props: {
  label: string;
  icon: LucideIcon;
  children: ReactNode;
  className?: string;
  /** "status" when it appears in answer to something that just happened. */
  role?: "status";
  testId?: string;
}) {
  const { hidden, dismiss } = useDismissal();
  if (hidden) return null;
  const Icon = props.icon;
  return (
    <aside
      aria-label={props.label}
      role={props.role}
      data-testid={props.testId}
      className={cn(
        "flex items-start gap-3 rounded-xl border border-primary-200 bg-primary-50 px-4 py-3 text-sm text-primary-950 dark:border-primary-800/70 dark:bg-primary-950/40 dark:text-primary-50",
        props.className,
      )}
    >
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-700 dark:text-primary-300" />
      <div className="grid min-w-0 flex-1 gap-1 leading-relaxed">{props.children}</div>
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
