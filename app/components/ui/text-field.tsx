import type { ComponentProps, ReactNode } from "react";
import { useId } from "react";
import { cn } from "~/lib/ui/cn";

/** A text input's look: the `field-input` class in app/components.css. */
export const inputClasses = "field-input";

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
