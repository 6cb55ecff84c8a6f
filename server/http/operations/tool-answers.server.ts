import type { JobView, ObjectImageView } from "#domain/objects";

/**
 * The sentences an operation's MCP tool leads its answer with: what happened, what it cost,
 * and what to call next.
 */

/** How the agent follows a job it started; `then` says what to call once it has succeeded. */
const followJob = (jobId: string, then?: string) =>
  `Call get_job with jobId "${jobId}" and wait_seconds until it has succeeded${then ? `, then ${then}` : ""}.`;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** A paid job started on an object: its title, the credits held, and how to follow it. */
export const objectJobStarted = ({ job }: { job: JobView }) =>
  `Started job ${job.id}: ${job.title}, ${plural(job.credits, "credit")} reserved. ` +
  followJob(job.id, "get_images with the object's id");

/** A set started: how many images of how many objects. */
export const setStarted = ({ job, objects }: { job: JobView; objects: unknown[] }) =>
  `Started job ${job.id}: ${plural(job.total, "image")} of ${plural(objects.length, "object")}, ` +
  `${plural(job.credits, "credit")} reserved. ${followJob(job.id, "get_images")}`;

/** An image made at once (free, or at the operator's price), or found made earlier. */
export const imageMade =
  (made: string, again: string) =>
  ({ image }: { image: ObjectImageView }, { status, link }: { status: number; link: (path: string) => string }) =>
    `${status === 200 ? again : made}: image ${image.id}, ${image.width} × ${image.height} px` +
    `${image.credits ? `, ${plural(image.credits, "credit")}` : ", free"}. The full-size file: ${link(image.url)} ` +
    "(send the header Authorization: Bearer <your API key>).";
