import { Megaphone } from "lucide-react";
import { cn } from "~/lib/ui/cn";

/** The operator's announcement (set in the console), at the top of every signed-in page. */
export function AnnouncementBanner({ text, className }: { text: string; className?: string }) {
  return (
    <aside
      aria-label="Announcement"
      className={cn(
        "flex items-start gap-3 rounded-xl border border-primary-200 bg-primary-50 px-4 py-3 text-sm text-primary-950 dark:border-primary-900 dark:bg-primary-950/50 dark:text-primary-100",
        className,
      )}
    >
      <Megaphone aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-600 dark:text-primary-300" />
      <p className="min-w-0 flex-1 leading-relaxed break-words whitespace-pre-line">{text}</p>
    </aside>
  );
}
