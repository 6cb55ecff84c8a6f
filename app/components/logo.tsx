import { cn } from "~/lib/ui/cn";

/**
 * The mark is the favicon's file: one cached image instead of the same drawing written into the
 * page twice (the sidebar's and the phone header's logo), about 1.2 kB of every signed-in page.
 */
export function LogoMark({ className }: { className?: string }) {
  return <img src="/favicon.svg" alt="" width={32} height={32} className={cn("size-8", className)} />;
}

export function Logo({ className, wordmarkClassName }: { className?: string; wordmarkClassName?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-lg font-semibold tracking-tight", className)}>
      <LogoMark />
      <span className={wordmarkClassName}>Motif</span>
    </span>
  );
}
