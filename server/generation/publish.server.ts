import type { JobEvent, JobProgressEvent } from "#domain/events";
import type { Database } from "../db/client.server";
import { publishUserEvent } from "../events/events.server";
import type { GenerationJob } from "./job-record.server";

/** Tells the owner's open pages a job's new status. */
export async function publishJob(db: Database, job: GenerationJob): Promise<void> {
  const data: JobEvent = {
    jobId: job.id,
    kind: job.kind,
    styleId: job.styleId,
    status: job.status,
    error: job.error,
    refunded: job.refunded,
    credits: job.credits,
    refundedCredits: job.refundedCredits,
  };
  await publishUserEvent(db, { userId: job.ownerId, type: "job", data: { ...data } });
}

/** Tells the owner's open pages that one more image of a job is ready. */
export async function publishProgress(db: Database, workspaceId: string, data: JobProgressEvent): Promise<void> {
  await publishUserEvent(db, { userId: workspaceId, type: "job-progress", data: { ...data } });
}
