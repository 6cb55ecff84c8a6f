import { sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { queryRows, type Database } from "../db/client.server";
import type { QueueCounts } from "../jobs/job-system.server";

/**
 * What `/metrics` reports, in Prometheus's text format. Request, provider and event-stream
 * figures are this process's own (Prometheus scrapes each process and sums them); jobs and
 * credits are read from the database at scrape time, so they are the whole installation's
 * and every process reports the same figure (aggregate them with max, not sum).
 */
export const registry = new Registry();
// The event-loop delay is sampled once a second, not every 10 ms (prom-client's default): the
// timer behind the finer sampling woke the process 100 times a second, about 0.6 % of a core
// while idle (docs/decisions/062). Each sample still records the delay it saw exactly.
collectDefaultMetrics({ register: registry, prefix: "motif_", eventLoopMonitoringPrecision: 1000 });

/** What the scrape-time figures are read from; set once the process's services exist. */
let sources: { db: Database; openEventStreams: () => number; queueCounts?: () => Promise<QueueCounts[]> } | undefined;
export function reportFrom(next: typeof sources): void {
  sources = next;
}

export const requestDuration = new Histogram({
  name: "motif_http_request_duration_seconds",
  help: "HTTP request durations by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const providerDuration = new Histogram({
  name: "motif_provider_request_duration_seconds",
  help: "Image service calls by provider and outcome (ok, retryable, refused, failed, cancelled).",
  labelNames: ["provider", "outcome"] as const,
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 20, 40, 60, 120],
  registers: [registry],
});

export const providerErrors = new Counter({
  name: "motif_provider_errors_total",
  help: "Image service calls that failed, by provider and outcome.",
  labelNames: ["provider", "outcome"] as const,
  registers: [registry],
});

export const documentsRendered = new Counter({
  name: "motif_documents_rendered_total",
  help: "Pages rendered anew (not sent again from this process's kept documents), by the thread that rendered them: the render thread or the one answering requests.",
  labelNames: ["thread"] as const,
  registers: [registry],
});

new Gauge({
  name: "motif_event_streams",
  help: "Open event-stream connections in this process.",
  registers: [registry],
  collect() {
    this.set(sources?.openEventStreams() ?? 0);
  },
});

new Gauge({
  name: "motif_jobs",
  help: "Generation jobs by kind and state, in the whole installation.",
  labelNames: ["kind", "state"] as const,
  registers: [registry],
  async collect() {
    if (!sources) return;
    const rows = await queryRows<{ kind: string; status: string; count: number }>(
      sources.db,
      sql`select kind, status, count(*)::int as count from generation_jobs group by kind, status`,
    );
    this.reset();
    for (const row of rows) this.set({ kind: row.kind, state: row.status }, row.count);
  },
});

new Gauge({
  name: "motif_queue_jobs",
  help: "Background jobs (generation, webhook deliveries, housekeeping) by queue and state, in the whole installation; failed ones are those the queue still keeps.",
  labelNames: ["queue", "state"] as const,
  registers: [registry],
  async collect() {
    if (!sources?.queueCounts) return;
    const queues = await sources.queueCounts();
    this.reset();
    for (const { queue, ...states } of queues)
      for (const [state, count] of Object.entries(states)) this.set({ queue, state }, count);
  },
});

new Counter({
  name: "motif_credits_total",
  help: "Credits spent on generations and removals, and refunded, since the installation began.",
  labelNames: ["movement"] as const,
  registers: [registry],
  async collect() {
    if (!sources) return;
    const [row] = await queryRows<{ spent: number; refunded: number }>(
      sources.db,
      sql`select
        coalesce(-sum(delta) filter (where reason in ('generation_reserve', 'background_removal')), 0)::bigint as spent,
        coalesce(sum(delta) filter (where reason = 'generation_refund'), 0)::bigint as refunded
        from credit_ledger`,
    );
    this.reset();
    this.inc({ movement: "spent" }, Number(row?.spent ?? 0));
    this.inc({ movement: "refunded" }, Number(row?.refunded ?? 0));
  },
});

/** A route label with a bounded number of values: ids become `:id`, unknown addresses one label. */
export function routeLabel(path: string, status: number): string {
  if (status === 404) return "not_found";
  if (path.startsWith("/assets/")) return "/assets/*";
  return path
    .split("/")
    .map((segment) => (segment.length > 20 || /\d/.test(segment) ? ":id" : segment))
    .join("/");
}

const TIMED = Symbol("motif.timed");

/**
 * Times every request, labelled by method, route pattern and status. Mounted twice (before
 * the public page cache and in the app), a request is still timed once.
 */
export function requestMetrics(): RequestHandler {
  return (req, res, next) => {
    const marked = res as typeof res & { [TIMED]?: true };
    if (marked[TIMED]) return next();
    marked[TIMED] = true;
    const end = requestDuration.startTimer();
    res.once("finish", () => {
      const pattern = req.route?.path
        ? `${req.baseUrl}${String(req.route.path)}`
        : routeLabel(req.path, res.statusCode);
      end({
        method: req.method,
        route: res.statusCode === 404 ? "not_found" : pattern,
        status: String(res.statusCode),
      });
    });
    next();
  };
}
