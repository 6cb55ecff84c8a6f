import { cn } from "~/lib/ui/cn";

/**
 * Shows transparency as a quiet checkerboard of `size` (a Tailwind bg-size class).
 * Light in both modes, as in image editors, so dark line art stays visible; dimmer in dark mode.
 */
export function checkerboard(size = "bg-[length:16px_16px]"): string {
  return cn(
    "bg-[conic-gradient(var(--color-neutral-100)_25%,white_0_50%,var(--color-neutral-100)_0_75%,white_0)]",
    "dark:bg-[conic-gradient(var(--color-neutral-300)_25%,var(--color-neutral-200)_0_50%,var(--color-neutral-300)_0_75%,var(--color-neutral-200)_0)]",
    size,
  );
}
