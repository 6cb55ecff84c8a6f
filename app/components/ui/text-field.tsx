import type { ComponentProps, ReactNode } from "react";
import { useId } from "react";
import { cn } from "~/lib/ui/cn";

export const inputClasses =
  "h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-base outline-none transition placeholder:text-neutral-400 focus:border-primary-500 focus:ring-4 focus:ring-primary-500/15 aria-invalid:border-error-500 dark:border-neutral-700 dark:bg-neutral-950 dark:placeholder:text-neutral-500";

/** A labelled input with an optional hint and a field error announced to screen readers. */
export function TextField({
  label,
  hint,
  error,
  icon,
  className,
  ...props
}: ComponentProps<"input"> & { label: string; hint?: ReactNode; error?: string; icon?: ReactNode }) {
  const id = useId();
  return (
    <div className={cn("grid gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        {icon && (
          <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-neutral-400">{icon}</span>
        )}
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          className={cn(inputClasses, icon ? "pl-9" : undefined)}
          {...props}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error-600 dark:text-error-400">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-sm text-neutral-500 dark:text-neutral-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
