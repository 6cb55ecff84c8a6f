import { useId } from "react";
import { cn } from "~/lib/ui/cn";

export function LogoMark({ className }: { className?: string }) {
  // Each copy needs its own gradient id: a hidden copy (the desktop sidebar on a phone) would hide a shared one.
  const gradient = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn("size-8", className)}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--color-primary-500)" />
          <stop offset="1" stopColor="var(--color-secondary-500)" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <rect x="7" y="7" width="8" height="8" rx="2.5" fill="white" />
      <rect x="17" y="7" width="8" height="8" rx="4" fill="white" fillOpacity="0.75" />
      <rect x="7" y="17" width="8" height="8" rx="4" fill="white" fillOpacity="0.75" />
      <rect x="17" y="17" width="8" height="8" rx="2.5" fill="white" />
    </svg>
  );
}

export function Logo({ className, wordmarkClassName }: { className?: string; wordmarkClassName?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-lg font-semibold tracking-tight", className)}>
      <LogoMark />
      <span className={wordmarkClassName}>Motif</span>
    </span>
  );
}
