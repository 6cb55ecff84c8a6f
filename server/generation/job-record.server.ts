import { and, eq } from "drizzle-orm";
import { AppError } from "#domain/errors";
import type { Database } from "../db/client.server";
import { generationJobs } from "../db/schema";

export type GenerationJob = typeof generationJobs.$inferSelect;

export class MalformedJobError extends Error {
  constructor(jobId: string, detail: string) {
    super(`Job ${jobId} has malformed params: ${detail}`);
    this.name = "MalformedJobError";
  }
}

/** What one image of a job costs: its reservation is exactly this many per image. */
export const unitCreditsOf = (job: Pick<GenerationJob, "credits" | "imageCount">) =>
  job.imageCount > 0 ? job.credits / job.imageCount : 0;

/** One of the user's jobs, or a not_found error (someone else's looks the same). */
export async function requireOwnedJob(db: Database, options: { workspaceId: string; jobId: string }) {
  const [job] = await db
    .select()
    .from(generationJobs)
    .where(and(eq(generationJobs.id, options.jobId), eq(generationJobs.ownerId, options.workspaceId)));
  if (!job) throw new AppError("not_found", "No such job.");
  return job;
}
