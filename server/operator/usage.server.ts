import { sql } from "drizzle-orm";
import {
  fillDays,
  usageRange,
  usageRate,
  type OperatorUsage,
  type UsageDay,
  type UsageModel,
  type UsageProvider,
} from "#domain/operator-usage";
import { queryRows, type Database } from "../db/client.server";

/** One (UTC day, provider, model) of the range's jobs. Counts come back as numbers, sums may be strings. */
type JobRow = {
  day: string;
  provider: string;
  model: string;
  jobs: number;
  ended_jobs: number;
  failed_jobs: number;
  refunded_jobs: number;
  images: number;
  credits_spent: number;
  timed_jobs: number;
  seconds: number | string;
};

/** What several rows add up to; the average is taken last, from the seconds and the jobs timed. */
type Tally = {
  jobs: number;
  endedJobs: number;
  failedJobs: number;
  refundedJobs: number;
  images: number;
  creditsSpent: number;
  timedJobs: number;
  seconds: number;
};

const emptyTally = (): Tally => ({
  jobs: 0,
  endedJobs: 0,
  failedJobs: 0,
  refundedJobs: 0,
  images: 0,
  creditsSpent: 0,
  timedJobs: 0,
  seconds: 0,
});

function add(into: Tally, row: JobRow): Tally {
  into.jobs += row.jobs;
  into.endedJobs += row.ended_jobs;
  into.failedJobs += row.failed_jobs;
  into.refundedJobs += row.refunded_jobs;
  into.images += row.images;
  into.creditsSpent += row.credits_spent;
  into.timedJobs += row.timed_jobs;
  into.seconds += Number(row.seconds);
  return into;
}

/** To the millisecond, like the timestamps it comes from. */
const averageOf = (t: Tally) => (t.timedJobs > 0 ? Math.round((t.seconds / t.timedJobs) * 1000) / 1000 : null);

function tallied<K>(rows: JobRow[], keyOf: (row: JobRow) => K): Map<K, Tally> {
  const tallies = new Map<K, Tally>();
  for (const row of rows) {
    const key = keyOf(row);
    tallies.set(key, add(tallies.get(key) ?? emptyTally(), row));
  }
  return tallies;
}

/** The jobs whose run time counts: succeeded, with both ends recorded. */
const timed = sql`j.status = 'succeeded' and j.started_at is not null and j.finished_at >= j.started_at`;

/**
 * The range's generation jobs, by UTC day, provider and model. A job belongs to the day it was
 * submitted, and so do its images and credits, even when its run or its refund came later.
 * Credits come from the ledger (the one record of money): the job's reservation line less its
 * refund line (both have the job's id as ref), so a job still queued counts what it holds now.
 * A job was refunded when that refund line exists; a free job moves no credits and never is.
 * Time is its last run's, start to end, for succeeded jobs only: a failure's time says nothing
 * of how long making its images takes.
 */
const jobRows = (db: Database, start: Date, end: Date) =>
  queryRows<JobRow>(
    db,
    sql`select to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, j.provider, j.model,
        count(*)::int as jobs,
        count(*) filter (where j.status not in ('queued', 'running'))::int as ended_jobs,
        count(*) filter (where j.status = 'failed')::int as failed_jobs,
        count(*) filter (where l.refunds > 0)::int as refunded_jobs,
        coalesce(sum(j.images_made), 0)::int as images,
        coalesce(sum(l.spent), 0)::int as credits_spent,
        count(*) filter (where ${timed})::int as timed_jobs,
        coalesce(sum(extract(epoch from j.finished_at - j.started_at)) filter (where ${timed}), 0)::float8 as seconds
      from generation_jobs j
      left join lateral (
        select coalesce(-sum(c.delta), 0) as spent, count(*) filter (where c.reason = 'generation_refund') as refunds
        from credit_ledger c
        where c.ref = j.id and c.reason in ('generation_reserve', 'generation_refund')
      ) l on true
      where j.created_at >= ${start.toISOString()}::timestamptz and j.created_at < ${end.toISOString()}::timestamptz
      group by 1, 2, 3`,
  );

/** Background removals are charged at once, by the ledger line that records the image made, with no job. */
const removalRows = (db: Database, start: Date, end: Date) =>
  queryRows<{ day: string; credits: number }>(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, (-sum(delta))::int as credits
      from credit_ledger
      where reason = 'background_removal'
        and created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz
      group by 1`,
  );

/**
 * What is stored now, from the sizes recorded with each file when it was written: every image
 * (generated or derived, in a style or an object) and every style reference. The resized copies
 * served to grids and the SVG tracings are caches made on demand and not recorded, so not counted;
 * listing the storage to weigh them would be slow on S3 and is not worth it for a dashboard.
 */
const storageRow = (db: Database) =>
  queryRows<{ image_bytes: number | string; images: number; reference_bytes: number | string; refs: number }>(
    db,
    sql`select (select coalesce(sum(bytes), 0) from images)::bigint as image_bytes,
        (select count(*) from images)::int as images,
        (select coalesce(sum(bytes), 0) from style_references)::bigint as reference_bytes,
        (select count(*) from style_references)::int as refs`,
  );

/**
 * The instance's usage over the last `days` UTC days (today included), for the operator console:
 * per day, per model, per provider, and in total, with what is stored now.
 */
export async function readUsage(db: Database, query: { days: number }, now = new Date()): Promise<OperatorUsage> {
  const range = usageRange(query.days, now);
  const [rows, removals, [stored]] = await Promise.all([
    jobRows(db, range.start, range.end),
    removalRows(db, range.start, range.end),
    storageRow(db),
  ]);

  const byDay = tallied(rows, (row) => row.day);
  const removalsByDay = new Map(removals.map((r) => [r.day, r.credits]));
  const found: UsageDay[] = [...new Set([...byDay.keys(), ...removalsByDay.keys()])].map((day) => {
    const t = byDay.get(day) ?? emptyTally();
    const creditsSpent = t.creditsSpent + (removalsByDay.get(day) ?? 0);
    return { day, images: t.images, creditsSpent, jobs: t.jobs, failedJobs: t.failedJobs };
  });

  const models: UsageModel[] = [...tallied(rows, (row) => `${row.provider}\n${row.model}`)]
    .map(([key, t]) => {
      const [provider = "", model = ""] = key.split("\n");
      const { images, creditsSpent, jobs, failedJobs, refundedJobs } = t;
      return { model, provider, images, creditsSpent, jobs, failedJobs, refundedJobs, averageSeconds: averageOf(t) };
    })
    .sort((a, b) => b.creditsSpent - a.creditsSpent || b.jobs - a.jobs || byName(a.model, b.model));

  const providers: UsageProvider[] = [...tallied(rows, (row) => row.provider)]
    .map(([provider, t]) => ({
      provider,
      jobs: t.jobs,
      endedJobs: t.endedJobs,
      failedJobs: t.failedJobs,
      refundedJobs: t.refundedJobs,
      failureRate: usageRate(t.failedJobs, t.endedJobs),
      refundRate: usageRate(t.refundedJobs, t.endedJobs),
      averageSeconds: averageOf(t),
    }))
    .sort((a, b) => b.jobs - a.jobs || byName(a.provider, b.provider));

  const all = rows.reduce(add, emptyTally());
  const backgroundRemovalCredits = removals.reduce((n, r) => n + r.credits, 0);
  return {
    from: range.days[0]!,
    to: range.days.at(-1)!,
    days: fillDays(range.days, found),
    models,
    providers,
    totals: {
      images: all.images,
      creditsSpent: all.creditsSpent + backgroundRemovalCredits,
      backgroundRemovalCredits,
      jobs: all.jobs,
      endedJobs: all.endedJobs,
      failedJobs: all.failedJobs,
      refundedJobs: all.refundedJobs,
      averageSeconds: averageOf(all),
      storageBytes: Number(stored?.image_bytes ?? 0) + Number(stored?.reference_bytes ?? 0),
      storedImages: Number(stored?.images ?? 0),
      storedReferences: Number(stored?.refs ?? 0),
    },
  };
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
