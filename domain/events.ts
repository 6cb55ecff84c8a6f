import { z } from "zod";
import { jobKindSchema, jobStatuses } from "./jobs";
import { trainingViewSchema, type TrainingView } from "./training";

/**
 * What the per-user live stream (/api/events) carries. The server publishes these
 * payloads and the browser reads them: one definition for both.
 */
export const creditsEventSchema = z
  .object({
    credits: z.number().int(),
    version: z.number().int().meta({ description: "Orders balance readings: the higher is newer." }),
  })
  .meta({
    id: "CreditsEvent",
    description: "`event: credits`: the balance changed (and the first event of a fresh stream).",
  });
export type CreditsEvent = z.output<typeof creditsEventSchema>;

export const jobEventSchema = z
  .object({
    jobId: z.string(),
    kind: jobKindSchema,
    styleId: z.string().nullable(),
    status: z.enum(jobStatuses),
    error: z.string().nullable(),
    refunded: z.boolean(),
    credits: z.number().int().meta({ description: "The reservation." }),
    refundedCredits: z.number().int().meta({ description: "What of it was given back (the images not made)." }),
  })
  .meta({ id: "JobEvent", description: "`event: job`: a job changed status." });
export type JobEvent = z.output<typeof jobEventSchema>;

export const jobProgressEventSchema = z
  .object({
    jobId: z.string(),
    kind: jobKindSchema,
    styleId: z.string().nullable(),
    objectId: z
      .string()
      .nullable()
      .meta({ description: "The object the new image belongs to (object and variation jobs)." }),
    imageId: z.string().nullable(),
    completed: z.number().int(),
    total: z.number().int(),
    step: z.object({ step: z.number().int(), steps: z.number().int() }).nullable().optional().meta({
      description: "Progress within the next image, when the model reports it; null once an image is stored.",
    }),
  })
  .meta({ id: "JobProgressEvent", description: "`event: job-progress`: an image was made, or a step of one." });
export type JobProgressEvent = z.output<typeof jobProgressEventSchema>;

export type LiveEvent =
  | { type: "credits"; data: CreditsEvent }
  | { type: "job"; data: JobEvent }
  | { type: "job-progress"; data: JobProgressEvent }
  | { type: "training"; data: TrainingView };

export const liveEventTypes = [
  "credits",
  "job",
  "job-progress",
  "training",
] as const satisfies readonly LiveEvent["type"][];

/** Each live event type's data, for the API's reference and for checking a stream. */
export const liveEventSchemas = {
  credits: creditsEventSchema,
  job: jobEventSchema,
  "job-progress": jobProgressEventSchema,
  training: trainingViewSchema,
} as const satisfies Record<LiveEvent["type"], z.ZodType>;
