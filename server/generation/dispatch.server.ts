import { publishBalance } from "../credits/credits.server";
import { getLogger } from "../logger.server";
import type { EngineServices } from "./engine-services";
import type { GenerationJob } from "./job-record.server";
import { failJob } from "./lifecycle.server";
import { publishJob } from "./publish.server";
import { jobExpirySeconds } from "./queue.server";

export type DispatchDeps = Pick<EngineServices, "database" | "queue" | "config">;

/** What a job that could not be queued says: it ends at once, refunded (decision 093). */
export const notQueuedMessage = "The job could not be started. Please try again.";

/**
 * After a submission has committed: queue the job, and tell the user's pages the new balance
 * and the new job. It never throws: the job is paid for and its answer must be kept under its
 * Idempotency-Key, or a retry would pay again. A job the queue refuses ends now with a refund
 * (what it is now is answered); a live event that cannot be sent is only logged (pages read the
 * balance and the job again when they reconnect).
 */
export async function dispatchJob(deps: DispatchDeps, job: GenerationJob): Promise<GenerationJob> {
  const log = getLogger();
  if (job.status === "queued") {
    try {
      const expireInSeconds = jobExpirySeconds(deps.config.generation, job.imageCount);
      await deps.queue?.enqueue(job.id, { expireInSeconds, ownerId: job.ownerId });
    } catch (error) {
      log.error({ err: error, jobId: job.id }, "could not queue a generation job; it ends now, refunded");
      // When even that fails, the job stays queued and housekeeping ends it with its refund.
      const ended = await failJob(deps.database, job, notQueuedMessage).catch((e: unknown) => {
        log.error({ err: e, jobId: job.id }, "could not end a job that was not queued");
        return null;
      });
      // failJob published the job and the balance.
      if (ended) return ended;
    }
  }
  await publishBalance(deps.database.db, job.ownerId).catch((error: unknown) =>
    log.warn({ err: error, jobId: job.id }, "could not publish the balance after a submission"),
  );
  await publishJob(deps.database.db, job).catch((error: unknown) =>
    log.warn({ err: error, jobId: job.id }, "could not publish a new job"),
  );
  return job;
}
