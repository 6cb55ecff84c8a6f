import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A panel that tells the user what belongs here and how to get it there. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-neutral-300 bg-white px-6 py-16 text-center dark:border-neutral-700 dark:bg-neutral-900/50">
      <div className="grid size-12 place-items-center rounded-xl bg-primary-50 text-primary-600 dark:bg-primary-950 dark:text-primary-300">
        <Icon aria-hidden className="size-6" />
      </div>
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      <div className="mt-2 max-w-md text-sm text-neutral-600 dark:text-neutral-400">{children}</div>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
