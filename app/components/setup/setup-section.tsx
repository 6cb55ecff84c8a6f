import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** One part of the setup page: a titled card with its status beside the title. */
export function SetupSection({
  id,
  icon: Icon,
  title,
  description,
  status,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  /** A short status beside the title. */
  status?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      // Clear of the sticky header when a link jumps here.
      className="min-w-0 scroll-mt-24 rounded-2xl border border-neutral-200 bg-white p-5 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-neutral-100 text-neutral-700 dark:bg-neutral-800 dark:text-neutral-200">
          <Icon aria-hidden className="size-5" />
        </span>
        <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {status}
        </div>
      </div>
      {description && <div className="mt-3 text-sm text-neutral-600 dark:text-neutral-400">{description}</div>}
      {children && <div className="mt-5">{children}</div>}
    </section>
  );
}

/** Label–value rows; values may be long paths, so they wrap anywhere rather than widen the page. */
export function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-0.5 sm:contents">
          <dt className="text-neutral-500 dark:text-neutral-400">{label}</dt>
          <dd className="min-w-0 font-medium break-words [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A short status word, coloured by what it means. */
export function StatusPill({ tone, children }: { tone: "ready" | "attention"; children: ReactNode }) {
  return (
    <span
      className={
        tone === "ready"
          ? "inline-flex items-center gap-1.5 rounded-full bg-success-50 px-2.5 py-0.5 text-xs font-semibold text-success-800 ring-1 ring-success-200 ring-inset dark:bg-success-950/50 dark:text-success-200 dark:ring-success-800"
          : "inline-flex items-center gap-1.5 rounded-full bg-warning-50 px-2.5 py-0.5 text-xs font-semibold text-warning-900 ring-1 ring-warning-300 ring-inset dark:bg-warning-950/50 dark:text-warning-100 dark:ring-warning-800"
      }
    >
      {children}
    </span>
  );
}
