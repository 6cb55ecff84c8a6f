import { cn } from "~/lib/ui/cn";

/**
 * Shared look of dropdown menus. Menus are opened with `modal={false}`: a modal menu
 * hides the rest of the page from screen readers (aria-hidden) while focus can still
 * reach the toast region, which assistive tech reports as hidden focusable content.
 */
export const menuContentClasses =
  "z-50 min-w-44 animate-fade-in rounded-xl border border-neutral-200 bg-white p-1.5 shadow-xl dark:border-neutral-800 dark:bg-neutral-900";
export const menuItemClasses = cn(
  "flex cursor-default items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-neutral-700 outline-none select-none",
  "data-[highlighted]:bg-neutral-100 data-[highlighted]:text-neutral-900",
  "dark:text-neutral-300 dark:data-[highlighted]:bg-neutral-800 dark:data-[highlighted]:text-white",
);
export const menuLabelClasses = "px-2.5 py-2 text-xs text-neutral-500 dark:text-neutral-400";
export const menuSeparatorClasses = "my-1 h-px bg-neutral-200 dark:bg-neutral-800";
