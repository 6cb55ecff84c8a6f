import { Trash2 } from "lucide-react";
import type { ComponentProps } from "react";

/** A page's "Delete" in its header: quiet red text that asks before anything goes (its dialog). */
export function DeleteButton(props: Omit<ComponentProps<"button">, "type" | "className" | "children">) {
  return (
    <button
      type="button"
      {...props}
      className="inline-flex h-10 items-center gap-2 rounded-xl px-4 text-sm font-medium text-error-700 transition-colors hover:bg-error-50 hover:text-error-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 dark:text-error-400 dark:hover:bg-error-950/50 dark:hover:text-error-300"
    >
      <Trash2 aria-hidden className="size-4" /> Delete
    </button>
  );
}
