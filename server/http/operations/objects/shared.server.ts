import type { Actor } from "#domain/actor";
import type { GenerationJob } from "../../../generation/job-record.server";
import { getJobView } from "../../../generation/job-views.server";
import type { Services } from "../../../services";
import type { ApiUser } from "../../require-user.server";
import { argumentWords } from "../tool-inputs";

/** The job as its submitter sees it right after submission. */
export async function presentSubmittedJob(services: Services, job: GenerationJob) {
  return getJobView(services.database.db, { workspaceId: job.ownerId, jobId: job.id });
}

/** A use case that starts a paid job on one of the user's objects. */
type StartObjectJob<I> = (
  services: Services,
  options: { actor: Actor; objectId: string; input: I },
) => Promise<{ job: GenerationJob }>;

/** Every paid job on one object answers the same: 202 with the job. */
export const objectJob =
  <I>(start: StartObjectJob<I>) =>
  async (context: { services: Services; user: ApiUser; params: { id: string }; body: I }) => {
    const { services, user, params, body } = context;
    const { job } = await start(services, { actor: user.actor, objectId: params.id, input: body });
    return { status: 202, body: { job: await presentSubmittedJob(services, job) } };
  };

/** How the object's tools name the path's `id`. */
export const objectParam = { id: { name: "objectId", description: argumentWords.objectId } };
export const payingTool = {
  size: argumentWords.size,
  detail: argumentWords.detail,
  transparent: argumentWords.transparent,
};
