import { ArrowDownLeft, ArrowUpRight } from "lucide-react";
import { useCallback, useEffect, useState } from "react";

import { callApi } from "~/lib/api/api-client";
import { describeCreditEntry, type CreditHistoryEntry } from "#domain/credit-history";
import { cn } from "~/lib/ui/cn";
import { subscribeLiveEvents } from "~/lib/api/live-events";
import { useTeamName } from "~/lib/hooks/use-shell-data";
import { Button } from "./ui/button";
import { dateFormatter } from "~/lib/words/intl-format";
import { formatCount } from "#domain/count-words";

const when = dateFormatter({ dateStyle: "medium", timeStyle: "short" });

/** Every change of the user's balance, newest first, following live changes. */
export function CreditHistory() {
  const team = useTeamName();
  const [entries, setEntries] = useState<CreditHistoryEntry[] | null>(null);
  const [nextBefore, setNextBefore] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);

  const loadFirst = useCallback(async () => {
    try {
      const page = await callApi("get", "/api/users/me/credits");
      setEntries(page.entries);
      setNextBefore(page.nextBefore);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void loadFirst();
    return subscribeLiveEvents((event) => {
      if (event.type === "credits") void loadFirst();
    });
  }, [loadFirst]);

  async function loadMore() {
    if (nextBefore === null) return;
    setLoadingMore(true);
    try {
      const page = await callApi("get", "/api/users/me/credits", { query: { before: nextBefore } });
      setEntries((current) => [...(current ?? []), ...page.entries]);
      setNextBefore(page.nextBefore);
    } catch {
      setFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }

  if (failed && !entries) {
    return (
      <p role="alert" className="text-sm text-error-700 dark:text-error-300">
        The credit history could not be loaded.{" "}
        <button type="button" className="font-medium underline underline-offset-2" onClick={() => void loadFirst()}>
          Try again
        </button>
      </p>
    );
  }

  if (!entries) {
    return (
      <ul aria-hidden className="grid gap-3" data-testid="credit-history-loading">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="flex items-center justify-between gap-4">
            <div className="skeleton-fill h-4 w-48 rounded" />
            <div className="skeleton-fill h-4 w-12 rounded" />
          </li>
        ))}
      </ul>
    );
  }

  if (entries.length === 0) {
    return (
      <p
        data-testid="credit-history-empty"
        className="rounded-xl border border-dashed border-neutral-300 p-4 text-sm text-neutral-600 dark:border-neutral-700 dark:text-neutral-400"
      >
        <span className="block font-medium text-neutral-900 dark:text-neutral-100">No credit movements yet.</span>
        {team
          ? `Credits given to ${team} or bought while working in it, and what its members spend and get back, are listed here with who spent them.`
          : "Credits you are given or buy, and what your images cost and get back, are listed here."}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Credit history" className="divide-y divide-neutral-100 dark:divide-neutral-800">
        {entries.map((entry) => {
          const gain = entry.delta > 0;
          const Icon = gain ? ArrowDownLeft : ArrowUpRight;
          return (
            <li key={entry.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
              <span
                aria-hidden
                className={cn(
                  "grid size-8 shrink-0 place-items-center rounded-full",
                  gain
                    ? "bg-success-50 text-success-700 dark:bg-success-950 dark:text-success-300"
                    : "bg-neutral-100 text-neutral-600 dark:bg-neutral-800 dark:text-neutral-300",
                )}
              >
                <Icon className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 text-sm font-medium break-words" title={describeCreditEntry(entry)}>
                  {describeCreditEntry(entry)}
                </p>
                <p className="text-xs text-neutral-600 dark:text-neutral-400">
                  <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
                  {entry.by && <span data-testid="credit-by"> · by {entry.by}</span>}
                  {entry.model && <span data-testid="credit-model"> · {entry.model}</span>}
                  <span className="tabular-nums"> · balance {formatCount(entry.balanceAfter)}</span>
                  {entry.purchase?.receiptUrl && (
                    <>
                      {" · "}
                      <a
                        href={entry.purchase.receiptUrl}
                        target="_blank"
                        rel="noreferrer"
                        className="font-medium underline underline-offset-2 hover:text-neutral-900 dark:hover:text-white"
                        data-testid="credit-receipt"
                      >
                        Receipt<span className="sr-only"> (opens Stripe's receipt page)</span>
                      </a>
                    </>
                  )}
                </p>
              </div>
              <span
                className={cn(
                  "text-sm font-semibold tabular-nums",
                  gain ? "text-success-700 dark:text-success-300" : "text-neutral-800 dark:text-neutral-200",
                )}
              >
                {gain ? "+" : entry.delta < 0 ? "−" : ""}
                {formatCount(Math.abs(entry.delta))}
                <span className="sr-only"> credits</span>
              </span>
            </li>
          );
        })}
      </ul>
      {nextBefore !== null && (
        <Button variant="secondary" size="sm" className="self-start" disabled={loadingMore} onClick={loadMore}>
          {loadingMore ? "Loading…" : "Show older"}
        </Button>
      )}
    </div>
  );
}
