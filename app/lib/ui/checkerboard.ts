import { cn } from "~/lib/ui/cn";

/**
 * Shows transparency as a quiet checkerboard of `size` (a Tailwind bg-size class); its colours
 * are the `checkerboard` utility in app.css.
 */
export function checkerboard(size = "bg-[length:16px_16px]"): string {
  return cn("checkerboard", size);
}
