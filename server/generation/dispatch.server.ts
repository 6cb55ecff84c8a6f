import { publishBalance } from "../credits/credits.server";
import type { Services } from "../services.server";
import type { GenerationJob } from "./job-record.server";
import { publishJob } from "./publish.server";
import { jobExpirySeconds } from "./queue.server";

export type DispatchDeps = Pick<Services, "database" | "queue" | "config">;

/**
 * After a submission has committed: queue the job, and tell the user's pages the new
 * balance and the new job.
 */
export async function dispatchJob(deps: DispatchDeps, job: GenerationJob) {
  if (job.status === "queued") {
    const expireInSeconds = jobExpirySeconds(deps.config.generation, job.imageCount);
    await deps.queue?.enqueue(job.id, { expireInSeconds, ownerId: job.ownerId });
  }
  await publishBalance(deps.database.db, job.ownerId);
  await publishJob(deps.database.db, job);
}
