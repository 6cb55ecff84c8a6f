import { Coins } from "lucide-react";
import { AppLink } from "~/components/app-link";
import { Tooltip } from "./ui/tooltip";
import { formatCount } from "#domain/count-words";

/** The balance in the shell; `null` while it is loading. Leads to the credits page: buying, or asking the operators. */
export function CreditBadge({ credits, buyCredits = false }: { credits: number | null; buyCredits?: boolean }) {
  return (
    <Tooltip content={buyCredits ? "Your credit balance · Buy credits" : "Your credit balance · Get more"}>
      <AppLink
        to="/app/credits"
        className="inline-flex h-9 items-center gap-2 rounded-xl bg-neutral-100 px-3 text-sm font-semibold tabular-nums text-neutral-800 transition-colors hover:bg-neutral-200 dark:bg-neutral-800 dark:text-neutral-100 dark:hover:bg-neutral-700"
        aria-label={credits === null ? "Credit balance loading" : `${formatCount(credits)} credits`}
        data-testid="credit-badge"
      >
        <Coins aria-hidden className="size-4 text-amber-500" />
        {credits === null ? (
          <span className="h-4 w-8 animate-pulse rounded bg-neutral-300 dark:bg-neutral-600" />
        ) : (
          <span>{formatCount(credits)}</span>
        )}
      </AppLink>
    </Tooltip>
  );
}
