import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { FiguresTable } from "~/components/admin/figures-table";
import { DailyChart, ModelChart } from "~/components/admin/lazy-usage-charts";
import { buttonClasses } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { bytes, count, duration, percent, shortDayLabel } from "~/lib/words/admin-format";
import { cn } from "~/lib/ui/cn";
import { modelLabel, providerName } from "#domain/models";
import { usageQuerySchema } from "#domain/operator-usage";
import { withRouteErrors } from "#server/http/route-errors.server";
import { operatorRoute } from "#server/ui/operator-route.server";
import { readUsage } from "#server/operator/usage.server";
import type { Route } from "./+types/usage";

export function meta() {
  return [{ title: "Usage · Operator console · Motif" }];
}

const ranges = [7, 30, 90] as const;

export const loader = withRouteErrors(async ({ context, request }: Route.LoaderArgs) => {
  const { services } = await operatorRoute(context);
  const days = new URL(request.url).searchParams.get("days");
  const query = usageQuerySchema.safeParse({ days: days ?? undefined }).data ?? usageQuerySchema.parse({});
  return { usage: await readUsage(services.database.db, query), days: query.days };
});

function Stat(props: { label: string; value: string; note?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900">
      <dt className="text-sm text-neutral-600 dark:text-neutral-400">{props.label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight tabular-nums">{props.value}</dd>
      {props.note && <dd className="mt-1 text-xs text-neutral-500 dark:text-neutral-400">{props.note}</dd>}
    </div>
  );
}

/** The console's usage: what this instance made, spent and stored, as charts with their numbers. */
export default function UsagePage({ loaderData }: Route.ComponentProps) {
  const { usage, days } = loaderData;
  const { totals } = usage;
  const ended = totals.endedJobs;
  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <nav
          aria-label="Period"
          className="inline-flex gap-1 self-start rounded-xl bg-neutral-100 p-1 dark:bg-neutral-800"
        >
          {ranges.map((n) => (
            <Link
              key={n}
              to={`?days=${n}`}
              aria-current={n === days ? "page" : undefined}
              className={cn(
                "rounded-lg px-3 py-1.5 text-sm font-medium transition",
                n === days
                  ? "bg-white text-neutral-900 shadow-sm dark:bg-neutral-950 dark:text-white"
                  : "text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white",
              )}
            >
              {n} days
            </Link>
          ))}
        </nav>
        <div className="flex items-center gap-3">
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            {shortDayLabel(usage.from)} – {shortDayLabel(usage.to)} (UTC)
          </p>
          <a href={`/api/admin/usage.csv?days=${days}`} download className={buttonClasses("secondary", "sm")}>
            <Download aria-hidden className="size-4" />
            CSV
          </a>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-6">
        <Stat label="Images" value={count(totals.images)} />
        <Stat label="Credits spent" value={count(totals.creditsSpent)} note="net of refunds" />
        <Stat label="Jobs" value={count(totals.jobs)} />
        <Stat
          label="Failed"
          value={percent(ended === 0 ? 0 : totals.failedJobs / ended, ended)}
          note={`${count(totals.failedJobs)} of ${count(ended)} ended`}
        />
        <Stat label="Average time" value={duration(totals.averageSeconds)} note="per finished job" />
        <Stat label="Storage" value={bytes(totals.storageBytes)} note={`${count(totals.storedImages)} images now`} />
      </dl>

      <Panel
        id="daily-heading"
        title="Per day"
        description="Images made and credits spent, by the day a job was asked for."
      >
        <DailyChart days={usage.days} />
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-medium text-primary-700 dark:text-primary-300">The numbers</summary>
          <div className="mt-3 max-h-72 overflow-auto" tabIndex={0} role="group" aria-label="Figures per day">
            <FiguresTable
              rows={[...usage.days].reverse()}
              rowKey={(d) => d.day}
              rowLabel={{ label: "Day", cell: (d) => shortDayLabel(d.day) }}
              columns={[
                { label: "Images", numeric: true, cell: (d) => count(d.images) },
                { label: "Credits", numeric: true, cell: (d) => count(d.creditsSpent) },
                { label: "Jobs", numeric: true, cell: (d) => count(d.jobs) },
                { label: "Failed", numeric: true, cell: (d) => count(d.failedJobs) },
              ]}
            />
          </div>
        </details>
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel id="model-heading" title="By model">
          {usage.models.length === 0 ? (
            <p className="text-sm text-neutral-600 dark:text-neutral-400">No images in this period.</p>
          ) : (
            <>
              <ModelChart models={usage.models} />
              <FiguresTable
                className="mt-4"
                rows={usage.models}
                rowKey={(m) => `${m.provider}/${m.model}`}
                rowLabel={{ label: "Model", cell: (m) => modelLabel(m.provider, m.model) }}
                columns={[
                  { label: "Images", numeric: true, cell: (m) => count(m.images) },
                  { label: "Credits", numeric: true, cell: (m) => count(m.creditsSpent) },
                  { label: "Avg time", numeric: true, cell: (m) => duration(m.averageSeconds) },
                ]}
              />
            </>
          )}
        </Panel>

        <Panel
          id="provider-heading"
          title="By provider"
          description="Of the jobs that ended: how many failed, and how many got credits back."
        >
          {usage.providers.length === 0 ? (
            <p className="text-sm text-neutral-600 dark:text-neutral-400">No jobs in this period.</p>
          ) : (
            <div className="overflow-x-auto" tabIndex={0} role="group" aria-label="Jobs by provider">
              <FiguresTable
                rows={usage.providers}
                rowKey={(p) => p.provider}
                rowLabel={{ label: "Provider", cell: (p) => providerName(p.provider) }}
                columns={[
                  { label: "Jobs", numeric: true, cell: (p) => count(p.jobs) },
                  {
                    label: "Failed",
                    numeric: true,
                    cell: (p) => <RateBar rate={p.failureRate} of={p.endedJobs} tone="error" />,
                  },
                  {
                    label: "Refunded",
                    numeric: true,
                    cell: (p) => <RateBar rate={p.refundRate} of={p.endedJobs} tone="warning" />,
                  },
                  { label: "Avg time", numeric: true, wide: true, cell: (p) => duration(p.averageSeconds) },
                ]}
              />
            </div>
          )}
        </Panel>
      </div>
    </div>
  );
}

/** A rate as its figure over a thin bar of its share. */
function RateBar({ rate, of, tone }: { rate: number; of: number; tone: "error" | "warning" }) {
  return (
    <span className="inline-grid justify-items-end gap-1 sm:min-w-16">
      {percent(rate, of)}
      <span
        aria-hidden
        className="hidden h-1 w-16 overflow-hidden sm:block rounded-full bg-neutral-100 dark:bg-neutral-800"
      >
        <span
          className={cn("block h-full rounded-full", tone === "error" ? "bg-error-500" : "bg-warning-500")}
          style={{ width: `${Math.round(rate * 100)}%` }}
        />
      </span>
    </span>
  );
}
