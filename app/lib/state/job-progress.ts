import type { LiveEvent } from "#domain/events";
import { isActiveStatus, type JobStatus } from "#domain/jobs";
import type { JobView } from "#domain/objects";

/** What the live stream has told us about one job since the page opened. */
export interface LiveJob {
  status: JobStatus | null;
  completed: number;
  total: number;
  /** The images seen arriving, per object. */
  images: Record<string, string[]>;
  /** How far the image being made has come, when the model says. */
  step: { step: number; steps: number } | null;
}
export type LiveJobs = Record<string, LiveJob>;

const blank: LiveJob = { status: null, completed: 0, total: 0, images: {}, step: null };

/** Folds one event into what is known; credits and training events change nothing here. */
export function applyLiveEvent(jobs: LiveJobs, event: LiveEvent): LiveJobs {
  if (event.type === "credits" || event.type === "training") return jobs;
  const current = jobs[event.data.jobId] ?? blank;
  if (event.type === "job") return { ...jobs, [event.data.jobId]: { ...current, status: event.data.status } };
  const { objectId, imageId, completed, total, step } = event.data;
  let images = current.images;
  if (objectId && imageId && !images[objectId]?.includes(imageId)) {
    images = { ...images, [objectId]: [...(images[objectId] ?? []), imageId] };
  }
  return {
    ...jobs,
    [event.data.jobId]: {
      ...current,
      // Events can overtake each other; progress only moves forward.
      completed: Math.max(current.completed, completed),
      total: Math.max(current.total, total),
      images,
      // A step belongs to the image after the last one made: a late step of an earlier image is dropped.
      step: step && completed >= current.completed ? step : completed > current.completed ? null : current.step,
    },
  };
}

/**
 * A job as loaded, brought up to date with the stream: the loader may lag a
 * revalidation behind, so each count is the larger of the two, and a finished
 * status from the stream wins over an unfinished one from the loader.
 */
export function mergeJob(job: JobView, live: LiveJob | undefined): JobView {
  if (!live) return job;
  const status = live.status && isActiveStatus(job.status) && !isActiveStatus(live.status) ? live.status : job.status;
  return {
    ...job,
    status,
    completed: Math.min(job.total, Math.max(job.completed, live.completed)),
    step: isActiveStatus(status) && live.completed >= job.completed ? live.step : null,
    objects: job.objects.map((o) => ({
      ...o,
      completed: Math.min(o.total, Math.max(o.completed, live.images[o.id]?.length ?? 0)),
    })),
  };
}

/** How many images of `objectId` the unfinished jobs among `jobs` are still making. */
export function pendingImages(jobs: JobView[], objectId: string): number {
  let pending = 0;
  for (const job of jobs) {
    if (!isActiveStatus(job.status)) continue;
    const object = job.objects.find((o) => o.id === objectId);
    if (object) pending += Math.max(0, object.total - object.completed);
  }
  return pending;
}

/** "waiting", "working" (some made) or "done" for one object in a job. */
export function objectState(
  object: { completed: number; total: number },
  jobStatus: JobStatus,
): "waiting" | "working" | "done" | "stopped" {
  if (object.completed >= object.total) return "done";
  if (!isActiveStatus(jobStatus)) return "stopped";
  return object.completed > 0 ? "working" : "waiting";
}
