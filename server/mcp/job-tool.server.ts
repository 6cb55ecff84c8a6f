import { creditCount } from "#domain/credit-words";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { AppError } from "#domain/errors";
import { isActiveStatus } from "#domain/jobs";
import type { JobView } from "#domain/objects";
import type { Database } from "../db/client.server";
import { getJobView } from "../generation/job-views.server";
import { imagesOfJob } from "./job-images.server";
import { imageLink, toolAnswer } from "./tool-results.server";
import { defineTool } from "./tool.server";

/** The longest a get_job call waits: well inside the timeouts of clients and proxies. */
export const MAX_WAIT_SECONDS = 30;
/** How often a waiting get_job reads the job again. */
const POLL_MS = 500;

/**
 * The job once it has finished, or as it is when `waitSeconds` have passed (or the
 * caller went away). Reads the database, so it sees jobs run by any worker process.
 */
async function waitForJob(
  db: Database,
  options: { workspaceId: string; jobId: string; waitSeconds: number; signal: AbortSignal },
): Promise<JobView> {
  const deadline = Date.now() + options.waitSeconds * 1000;
  for (;;) {
    const job = await getJobView(db, options);
    if (!job) throw new AppError("not_found", "No such job.");
    const left = deadline - Date.now();
    if (!isActiveStatus(job.status) || left <= 0 || options.signal.aborted) return job;
    await sleep(Math.min(POLL_MS, left), undefined, { signal: options.signal }).catch(() => undefined);
  }
}

function summaryOf(job: JobView): string {
  const progress = `${job.completed} of ${job.total} images made`;
  if (isActiveStatus(job.status)) {
    return `Job ${job.id} is ${job.status}: ${progress}. Call get_job again (with wait_seconds) until it has finished.`;
  }
  const refund = job.refundedCredits
    ? ` ${job.refundedCredits} of its ${creditCount(job.credits)} ${job.refundedCredits === 1 ? "was" : "were"} refunded.`
    : "";
  const error = job.error ? ` ${job.error}` : "";
  return `Job ${job.id} ${job.status}: ${progress}.${error}${refund} Call get_images with this jobId to see them.`;
}

/** get_job: a job's status, progress, refunds and the images made so far. */
export const getJobTool = defineTool({
  name: "get_job",
  title: "Check a job",
  description:
    "Shows a generation job: its status (queued, running, succeeded, failed or canceled), how many images " +
    "are made, per-object progress, the credits it cost and refunded, its error if any, and the images " +
    "made so far (ids and links). With wait_seconds it waits up to that long for the job to finish " +
    "before answering, so poll with wait_seconds rather than calling in a tight loop.",
  input: {
    jobId: z.string().describe("The job id that create_style or generate_objects returned."),
    wait_seconds: z
      .number()
      .min(0, "Wait 0 seconds or more.")
      .max(MAX_WAIT_SECONDS, `Wait at most ${MAX_WAIT_SECONDS} seconds.`)
      .optional()
      .describe(`Wait up to this many seconds (0 to ${MAX_WAIT_SECONDS}) for the job to finish; 0 answers at once.`),
  },
  output: z.object({
    job: z.looseObject({ id: z.string(), kind: z.string(), status: z.string() }),
    images: z.array(
      z.object({ id: z.string(), objectId: z.string().nullable(), subject: z.string(), url: z.string() }),
    ),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ services, user }, args, signal) {
    const { db } = services.database;
    const job = await waitForJob(db, {
      workspaceId: user.workspace.id,
      jobId: args.jobId,
      waitSeconds: args.wait_seconds ?? 0,
      signal,
    });
    const made = await imagesOfJob(db, { workspaceId: user.workspace.id, jobId: job.id });
    const data = {
      job: {
        id: job.id,
        kind: job.kind,
        status: job.status,
        title: job.title,
        model: job.modelLabel,
        completed: job.completed,
        total: job.total,
        credits: job.credits,
        refundedCredits: job.refundedCredits,
        error: job.error,
        objects: job.objects,
        createdAt: job.createdAt,
        finishedAt: job.finishedAt,
      },
      images: made.map((image) => ({
        id: image.id,
        objectId: image.objectId,
        subject: image.subject,
        url: imageLink(services, image.id),
      })),
    };
    return toolAnswer(summaryOf(job), data);
  },
});
