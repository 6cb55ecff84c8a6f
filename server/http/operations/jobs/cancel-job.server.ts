import * as replies from "#domain/api-replies";
import { getJobView } from "../../../generation/job-views.server";
import { cancelJob } from "../../../generation/lifecycle.server";
import { defineOperation } from "../operation.server";

export const cancelJobOperation = defineOperation({
  method: "post",
  path: "/api/jobs/:id/cancel",
  tag: "Jobs",
  summary: "Cancel a job",
  description: "Keeps what is made, charges only that, and refunds the rest once.",
  access: "user",
  errors: [409],
  responses: { 200: { description: "The job, cancelled.", json: replies.jobCancelledReply } },
  tool: {
    name: "cancel_job",
    title: "Cancel a job",
    description:
      "Stops a queued or running job: the images already made are kept and paid, the rest are refunded once. " +
      "A job that has already finished cannot be cancelled.",
    params: { id: { name: "jobId", description: "The job id that a paying tool returned." } },
    summarize: ({ job, refunded }) =>
      `Cancelled job ${job.id}: ${job.completed} of ${job.total} images kept, ${refunded} credits refunded.`,
  },
  async handle({ services, user, params }) {
    const { db } = services.database;
    const result = await cancelJob({ db }, { workspaceId: user.workspace.id, jobId: params.id });
    const job = await getJobView(db, { workspaceId: user.workspace.id, jobId: result.job.id });
    return { status: 200, body: { job, refunded: result.refund, message: result.job.error } };
  },
});
