import { modelLabel } from "#domain/models";
import { and, count, desc, eq, gt, inArray, or } from "drizzle-orm";
import { jobParamsSchemas } from "#domain/jobs";
import type { JobView } from "#domain/objects";
import type { Database } from "../db/client.server";
import { generationJobs, images } from "../db/schema";
import type { GenerationJob } from "./job-record.server";

/** Jobs finished this recently still show on the composer, with their outcome. */
const RECENT_MS = 10 * 60_000;

/** The objects a job makes, with how many images each needs (a malformed record shows none). */
function plannedObjects(job: GenerationJob): { id: string; name: string; total: number }[] {
  if (job.kind === "object-images") {
    const params = jobParamsSchemas["object-images"].safeParse(job.params);
    return params.success ? params.data.objects.map((o) => ({ ...o, total: params.data.variations })) : [];
  }
  if (job.kind === "variations") {
    const params = jobParamsSchemas.variations.safeParse(job.params);
    return params.success ? [{ id: params.data.objectId, name: params.data.name, total: params.data.count }] : [];
  }
  return [];
}

async function present(db: Database, jobs: GenerationJob[]): Promise<JobView[]> {
  if (jobs.length === 0) return [];
  const made = await db
    .select({ jobId: images.jobId, objectId: images.objectId, count: count() })
    .from(images)
    .where(
      inArray(
        images.jobId,
        jobs.map((j) => j.id),
      ),
    )
    .groupBy(images.jobId, images.objectId);
  return jobs.map((job) => {
    const mine = made.filter((m) => m.jobId === job.id);
    return {
      id: job.id,
      kind: job.kind,
      status: job.status,
      title: job.title,
      styleId: job.styleId,
      provider: job.provider,
      modelLabel: modelLabel(job.provider, job.model),
      credits: job.credits,
      refundedCredits: job.refundedCredits,
      error: job.error,
      total: job.imageCount,
      completed: mine.reduce((sum, m) => sum + m.count, 0),
      objects: plannedObjects(job).map((o) => ({
        ...o,
        completed: mine.find((m) => m.objectId === o.id)?.count ?? 0,
      })),
      createdAt: job.createdAt.toISOString(),
      finishedAt: job.finishedAt?.toISOString() ?? null,
    };
  });
}

/** The user's unfinished object jobs and those finished in the last minutes, newest first. */
export async function listRecentJobs(db: Database, options: { userId: string }): Promise<JobView[]> {
  const jobs = await db
    .select()
    .from(generationJobs)
    .where(
      and(
        eq(generationJobs.ownerId, options.userId),
        inArray(generationJobs.kind, ["object-images", "variations"]),
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
export async function getJobView(db: Database, options: { userId: string; jobId: string }): Promise<JobView | null> {
  const [job] = await db
    .select()
    .from(generationJobs)
    .where(and(eq(generationJobs.id, options.jobId), eq(generationJobs.ownerId, options.userId)));
  return job ? ((await present(db, [job]))[0] ?? null) : null;
}
