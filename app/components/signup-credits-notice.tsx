import { ArrowRight, Coins, X } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { useDismissal } from "~/lib/use-dismissal";

/**
 * Says, on arrival, why a new account starts at 0 credits when the landing page promised some:
 * its address had the sign-up credits with an earlier account. Shown once (the server's
 * one-time cookie); kept while the person moves between pages until they close it.
 */
export function SignupCreditsNotice({ buyCredits, className }: { buyCredits: boolean; className?: string }) {
  const { hidden, dismiss } = useDismissal();
  if (hidden) return null;
  return (
    <aside
      aria-label="Sign-up credits"
      className={cn(
        "flex items-start gap-3 rounded-xl border border-primary-200 bg-primary-50 px-4 py-3 text-sm text-primary-950 dark:border-primary-800/70 dark:bg-primary-950/40 dark:text-primary-50",
        className,
      )}
    >
      <Coins aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-700 dark:text-primary-300" />
      <div className="grid min-w-0 flex-1 gap-1 leading-relaxed">
        <p className="font-semibold">This account starts with 0 credits.</p>
        <p>
          This e-mail address already had its free sign-up credits, with an earlier account, so they are not given
          again.{" "}
          {buyCredits ? (
            <Link
              to="/app/credits"
              className="font-semibold whitespace-nowrap underline decoration-primary-500 underline-offset-2 hover:decoration-2"
            >
              Buy credits <ArrowRight aria-hidden className="inline size-4 align-[-3px]" />
            </Link>
          ) : (
            "To get credits, ask the person who runs this Motif to add some to your account."
          )}
        </p>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Close this notice"
        className="-m-1 grid size-8 shrink-0 place-items-center rounded-lg text-primary-800 hover:bg-primary-100 dark:text-primary-200 dark:hover:bg-primary-900/50"
      >
        <X aria-hidden className="size-4" />
      </button>
    </aside>
  );
}
