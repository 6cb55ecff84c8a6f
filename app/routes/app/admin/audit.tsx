import { ArrowRight, ScrollText } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "~/components/empty-state";
import { buttonClasses } from "~/components/ui/button";
import { auditLine, auditChanges } from "~/lib/words/audit-words";
import { utcDateTime } from "~/lib/words/admin-format";
import { z } from "zod";
import { withRouteErrors } from "#server/http/route-errors.server";
import { readAuditLog } from "#server/operator/audit-log.server";
import { operatorRoute } from "#server/ui/operator-route.server";
import type { Route } from "./+types/audit";

export function meta() {
  return [{ title: "Audit log · Operator console · Motif" }];
}

const pageQuery = z.object({ before: z.coerce.number().int().min(1).optional() });

export const loader = withRouteErrors(async ({ context, request }: Route.LoaderArgs) => {
  const { services } = await operatorRoute(context);
  const before = new URL(request.url).searchParams.get("before") ?? undefined;
  const query = pageQuery.safeParse({ before }).data ?? {};
  return { ...(await readAuditLog(services.database.db, query)), older: query.before !== undefined };
});

/** The console's audit log: every operator action, newest first; nothing here can change it. */
export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { entries, nextBefore, older } = loaderData;
  if (entries.length === 0)
    return (
      <EmptyState icon={ScrollText} title={older ? "Nothing older" : "Nothing done yet"}>
        Every change an operator makes here — credits given or taken, accounts disabled, enabled or deleted, settings
        changed — is written to this log with who, when, before and after, and why. Nobody can edit it.
      </EmptyState>
    );
  return (
    <section aria-labelledby="audit-heading" className="grid gap-4">
      <h2 id="audit-heading" className="sr-only">
        Audit log
      </h2>
      <ol className="divide-y divide-neutral-100 overflow-hidden rounded-2xl border border-neutral-200 bg-white dark:divide-neutral-800 dark:border-neutral-800 dark:bg-neutral-900">
        {entries.map((entry) => (
          <li key={entry.id} data-testid="audit-entry" className="grid gap-1.5 px-4 py-3.5 sm:px-5">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <p className="font-medium">{auditLine(entry)}</p>
              <time dateTime={entry.createdAt} className="text-xs text-neutral-500 dark:text-neutral-400">
                {utcDateTime(entry.createdAt)}
              </time>
            </div>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-neutral-600 dark:text-neutral-400">
              {auditChanges(entry).map((change) => (
                <li key={change.label}>
                  {change.label}: <span className="tabular-nums">{change.before}</span>{" "}
                  <ArrowRight aria-label="to" className="inline size-3.5 align-[-2px]" />{" "}
                  <span className="font-medium text-neutral-900 tabular-nums dark:text-white">{change.after}</span>
                </li>
              ))}
            </ul>
            {entry.reason && (
              <p className="text-sm text-neutral-600 dark:text-neutral-400">
                <span className="text-neutral-500">Why:</span> {entry.reason}
              </p>
            )}
            <p className="text-xs text-neutral-500 dark:text-neutral-400">By {entry.actor.email}</p>
          </li>
        ))}
      </ol>
      {(nextBefore !== null || older) && (
        <nav aria-label="Pages" className="flex justify-between">
          {older ? (
            <Link to="." className={buttonClasses("secondary", "sm")}>
              Newest
            </Link>
          ) : (
            <span />
          )}
          {nextBefore !== null && (
            <Link to={`?before=${nextBefore}`} className={buttonClasses("secondary", "sm")}>
              Older
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
