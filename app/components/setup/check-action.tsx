import { CircleAlert, CircleCheck, LoaderCircle, type LucideIcon } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { ApiError } from "~/lib/api/api";
import { callApi, type ApiBody, type ApiReply } from "~/lib/api/api-client";
import { cn } from "~/lib/ui/cn";

export interface CheckOutcome {
  ok: boolean;
  title: string;
  message: string;
  note?: ReactNode;
}

/**
 * A button that runs one server-side check and shows what came back beneath it,
 * in a live region so a screen reader hears the result.
 */
/** The operator's checks: each answers 200 with what it found, a refusal included. */
type CheckPath = "/api/setup/test-connection" | "/api/setup/test-email";

export function CheckAction<P extends CheckPath>({
  label,
  busyLabel,
  icon: Icon,
  path,
  body,
  describe,
}: {
  label: string;
  busyLabel: string;
  icon: LucideIcon;
  path: P;
  /** Sent as JSON with the request, when the check needs to know what to check. */
  body?: ApiBody<"post", P>;
  describe: (answer: ApiReply<"post", P>) => CheckOutcome;
}) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<CheckOutcome | null>(null);
  const revalidator = useRevalidator();
  async function run() {
    setBusy(true);
    try {
      const answer = (await callApi("post", path as CheckPath, body ? { body } : {})) as ApiReply<"post", P>;
      setOutcome(describe(answer));
      // A check is kept (a model's reachability): the page shows the new state.
      void revalidator.revalidate();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : "The check could not be run. Please try again.";
      setOutcome({ ok: false, title: "Not checked", message });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="grid gap-3">
      <div>
        <Button variant="secondary" onClick={() => void run()} disabled={busy} aria-busy={busy}>
          {busy ? (
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
          ) : (
            <Icon aria-hidden className="size-4" />
          )}
          {busy ? busyLabel : label}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {outcome && (
          <div
            className={cn(
              "flex items-start gap-3 rounded-xl border px-4 py-3 text-sm",
              outcome.ok
                ? "border-success-200 bg-success-50 text-success-950 dark:border-success-800/70 dark:bg-success-950/40 dark:text-success-50"
                : "border-error-200 bg-error-50 text-error-950 dark:border-error-800/70 dark:bg-error-950/40 dark:text-error-50",
            )}
          >
            {outcome.ok ? (
              <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success-600 dark:text-success-400" />
            ) : (
              <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-error-600 dark:text-error-400" />
            )}
            <div className="min-w-0 [overflow-wrap:anywhere]">
              <p className="font-semibold">{outcome.title}</p>
              <p className="mt-0.5">{outcome.message}</p>
              {outcome.note && <p className="mt-1.5 opacity-90">{outcome.note}</p>}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
