import { useId, type ComponentProps } from "react";
import { cn } from "~/lib/ui/cn";
import { inputClasses } from "./text-field";

/** A labelled multi-line input with a field error announced to screen readers. */
export function TextAreaField({
  label,
  error,
  className,
  ...props
}: ComponentProps<"textarea"> & { label: string; error?: string }) {
  const id = useId();
  return (
    <div className={cn("grid gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(inputClasses, "h-auto py-2.5")}
        {...props}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-error-600 dark:text-error-400">
          {error}
        </p>
      )}
    </div>
  );
}
