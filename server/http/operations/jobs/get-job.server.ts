import * as replies from "#domain/api-replies";
import { getJobView } from "../../../generation/job-views.server";
import { AppError } from "../../errors.server";
import { pollJobSamples } from "../../openapi-flow-samples.server";
import { defineOperation } from "../operation.server";

export const getJobOperation = defineOperation({
  method: "get",
  path: "/api/jobs/:id",
  tag: "Jobs",
  summary: "Get a job",
  description:
    "Status and per-object progress. A job is `queued`, then `running`, and ends `succeeded`, `failed` or `canceled`.",
  access: "user",
  responses: { 200: { description: "The job.", json: replies.jobReply } },
  codeSamples: pollJobSamples,
  async handle({ services, user, params }) {
    const job = await getJobView(services.database.db, { workspaceId: user.workspace.id, jobId: params.id });
    if (!job) throw new AppError("not_found", "No such job.");
    return { status: 200, body: { job } };
  },
});
