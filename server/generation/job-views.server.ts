import { modelLabel } from "#domain/models";
import { and, count, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { JobView } from "#domain/objects";
import { queryRows, type Database } from "../db/client.server";
import { generationJobs, images } from "../db/schema";
import type { GenerationJob } from "./job-record.server";
import { objectJobKinds, plannedObjectsOf, titleOf } from "./kinds/index.server";

/** Jobs finished this recently still show on the composer, with their outcome. */
const RECENT_MS = 10 * 60_000;

/**
 * The names objects and styles have now: a job card follows a rename. An object or style
 * deleted since keeps the name the job was made with.
 */
async function currentNames(db: Database, jobs: GenerationJob[], planned: Map<string, { id: string }[]>) {
  const objectIds = [...new Set([...planned.values()].flat().map((o) => o.id))];
  const styleIds = [...new Set(jobs.flatMap((j) => (j.styleId ? [j.styleId] : [])))];
  if (objectIds.length === 0 && styleIds.length === 0) return { objects: new Map(), styles: new Map() };
  // One statement for both: ids are unique across tables, but each row says which it is.
  const rows = await queryRows<{ kind: "object" | "style"; id: string; name: string }>(
    db,
    sql`select 'object' as kind, id, name from objects where id in (${sql.join(
      (objectIds.length ? objectIds : [""]).map((id) => sql`${id}`),
      sql`, `,
    )})
      union all
      select 'style' as kind, id, name from styles where id in (${sql.join(
        (styleIds.length ? styleIds : [""]).map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return {
    objects: new Map(rows.filter((row) => row.kind === "object").map((row) => [row.id, row.name])),
    styles: new Map(rows.filter((row) => row.kind === "style").map((row) => [row.id, row.name])),
  };
}

/** The job's title from the names its objects and style have now (the stored one when it names neither). */
function titleNow(job: GenerationJob, objectNames: string[], styleName: string | undefined): string {
  if (styleName === undefined || objectNames.length === 0) return job.title;
  return titleOf(job, { styleName, objectNames }) ?? job.title;
}

async function present(db: Database, jobs: GenerationJob[]): Promise<JobView[]> {
  if (jobs.length === 0) return [];
  const planned = new Map(jobs.map((job) => [job.id, plannedObjectsOf(job)]));
  const [made, names] = await Promise.all([
    db
      .select({ jobId: images.jobId, objectId: images.objectId, count: count() })
      .from(images)
      .where(
        inArray(
          images.jobId,
          jobs.map((j) => j.id),
        ),
      )
      .groupBy(images.jobId, images.objectId),
    currentNames(db, jobs, planned),
  ]);
  return jobs.map((job) => {
    const mine = made.filter((m) => m.jobId === job.id);
    const objectsOfJob = planned.get(job.id)!.map((o) => ({ ...o, name: names.objects.get(o.id) ?? o.name }));
    return {
      id: job.id,
      kind: job.kind,
      status: job.status,
      title: titleNow(
        job,
        objectsOfJob.map((o) => o.name),
        job.styleId ? names.styles.get(job.styleId) : undefined,
      ),
      styleId: job.styleId,
      provider: job.provider,
      modelLabel: modelLabel(job.provider, job.model),
      credits: job.credits,
      refundedCredits: job.refundedCredits,
      error: job.error,
      total: job.imageCount,
      completed: mine.reduce((sum, m) => sum + m.count, 0),
      objects: objectsOfJob.map((o) => ({
        ...o,
        completed: mine.find((m) => m.objectId === o.id)?.count ?? 0,
      })),
      createdAt: job.createdAt.toISOString(),
      finishedAt: job.finishedAt?.toISOString() ?? null,
    };
  });
}

/** The user's unfinished object jobs and those finished in the last minutes, newest first. */
export async function listRecentJobs(db: Database, options: { workspaceId: string }): Promise<JobView[]> {
  const jobs = await db
    .select()
    .from(generationJobs)
    .where(
      and(
        eq(generationJobs.ownerId, options.workspaceId),
        inArray(generationJobs.kind, objectJobKinds()),
        or(
          inArray(generationJobs.status, ["queued", "running"]),
          gt(generationJobs.finishedAt, new Date(Date.now() - RECENT_MS)),
        ),
      ),
    )
    .orderBy(desc(generationJobs.createdAt))
    .limit(10);
  return present(db, jobs);
}

/** One of the user's jobs, or null. */
export async function getJobView(
  db: Database,
  options: { workspaceId: string; jobId: string },
): Promise<JobView | null> {
  const [job] = await db
    .select()
    .from(generationJobs)
    .where(and(eq(generationJobs.id, options.jobId), eq(generationJobs.ownerId, options.workspaceId)));
  return job ? ((await present(db, [job]))[0] ?? null) : null;
}
