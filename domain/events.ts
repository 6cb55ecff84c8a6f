import type { JobKind, JobStatus } from "./jobs";

/**
 * What the per-user live stream (/api/events) carries. The server publishes these
 * payloads and the browser reads them: one definition for both.
 */
export interface CreditsEvent {
  credits: number;
  version: number;
}

export interface JobEvent {
  jobId: string;
  kind: JobKind;
  styleId: string | null;
  status: JobStatus;
  error: string | null;
  refunded: boolean;
  /** The reservation, and what of it was given back (the images not made). */
  credits: number;
  refundedCredits: number;
}

export interface JobProgressEvent {
  jobId: string;
  kind: JobKind;
  styleId: string | null;
  /** The object the new image belongs to (object and variation jobs). */
  objectId: string | null;
  imageId: string | null;
  completed: number;
  total: number;
  /** Progress within the next image, when the model reports it; null once an image is stored. */
  step?: { step: number; steps: number } | null;
}

export type LiveEvent =
  | { type: "credits"; data: CreditsEvent }
  | { type: "job"; data: JobEvent }
  | { type: "job-progress"; data: JobProgressEvent };

export const liveEventTypes = ["credits", "job", "job-progress"] as const satisfies readonly LiveEvent["type"][];
