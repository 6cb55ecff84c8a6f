import type { OperatorUsage } from "./operator-usage";

type Field = string | number | null;

/** One CSV field (RFC 4180): quoted, with quotes doubled, when it holds a comma, a quote or a line break. */
export function csvField(value: Field): string {
  const text = value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const record = (fields: Field[]) => fields.map(csvField).join(",");

/**
 * The usage figures as one CSV file (RFC 4180, CRLF line ends): four tables, each with its own
 * header row and separated by an empty line — the days (with a total row), the models, the
 * providers, and the totals as measure/value pairs. Column names are the reply's in snake case.
 */
export function usageCsv(usage: OperatorUsage): string {
  const { totals } = usage;
  const sum = (pick: (d: OperatorUsage["days"][number]) => number) => usage.days.reduce((n, d) => n + pick(d), 0);
  const tables: Field[][][] = [
    [
      ["day", "images", "credits_spent", "jobs", "failed_jobs"],
      ...usage.days.map((d) => [d.day, d.images, d.creditsSpent, d.jobs, d.failedJobs]),
      ["total", sum((d) => d.images), sum((d) => d.creditsSpent), sum((d) => d.jobs), sum((d) => d.failedJobs)],
    ],
    [
      ["model", "provider", "images", "credits_spent", "jobs", "failed_jobs", "refunded_jobs", "average_seconds"],
      ...usage.models.map((m) => [
        m.model,
        m.provider,
        m.images,
        m.creditsSpent,
        m.jobs,
        m.failedJobs,
        m.refundedJobs,
        m.averageSeconds,
      ]),
    ],
    [
      [
        "provider",
        "jobs",
        "ended_jobs",
        "failed_jobs",
        "refunded_jobs",
        "failure_rate",
        "refund_rate",
        "average_seconds",
      ],
      ...usage.providers.map((p) => [
        p.provider,
        p.jobs,
        p.endedJobs,
        p.failedJobs,
        p.refundedJobs,
        p.failureRate,
        p.refundRate,
        p.averageSeconds,
      ]),
    ],
    [
      ["measure", "value"],
      ["from", usage.from],
      ["to", usage.to],
      ["images", totals.images],
      ["credits_spent", totals.creditsSpent],
      ["background_removal_credits", totals.backgroundRemovalCredits],
      ["jobs", totals.jobs],
      ["ended_jobs", totals.endedJobs],
      ["failed_jobs", totals.failedJobs],
      ["refunded_jobs", totals.refundedJobs],
      ["average_seconds", totals.averageSeconds],
      ["storage_bytes", totals.storageBytes],
      ["stored_images", totals.storedImages],
      ["stored_references", totals.storedReferences],
    ],
  ];
  return tables.map((rows) => rows.map((fields) => `${record(fields)}\r\n`).join("")).join("\r\n");
}
