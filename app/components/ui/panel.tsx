import type { ReactNode } from "react";
import { cn } from "~/lib/ui/cn";

/** A titled card of a page, labelled by its heading for screen readers. */
export function Panel(props: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  /** The heading's size: "lg" where the panel is one of a page's main parts. */
  size?: "md" | "lg";
}) {
  return (
    <section
      aria-labelledby={props.id}
      className={cn(
        "min-w-0 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900",
        props.size === "lg" && "sm:p-6",
      )}
    >
      <h2 id={props.id} className={cn("font-semibold", props.size === "lg" && "text-lg")}>
        {props.title}
      </h2>
      {props.description && <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{props.description}</p>}
      <div className="mt-4">{props.children}</div>
    </section>
  );
}

/** A panel's place while the browser draws it (app/components/ui/after-hydration.tsx). */
export function PanelSkeleton() {
  return (
    <div
      aria-hidden
      className="grid gap-3 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="skeleton-fill h-4 w-1/3 rounded" />
      <div className="skeleton-fill h-3 w-5/6 rounded" />
      <div className="skeleton-fill h-10 rounded-xl" />
    </div>
  );
}
