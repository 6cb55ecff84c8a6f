import { z } from "zod";
import type { JobView } from "./objects";

export const webhookEventTypes = ["job.succeeded", "job.failed", "job.canceled", "webhook.test"] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
export type JobEventType = Exclude<WebhookEventType, "webhook.test">;

/**
 * What a webhook posts: the job as GET /api/jobs/:id shows it, once it ended; or, for a
 * test event sent from the key's page or POST /api/keys/{id}/webhook/test, which key it is.
 */
export type WebhookEvent = {
  /** The event's id, also sent as Motif-Event-Id: the same on every retry and redelivery. */
  id: string;
  /** When the job ended (or the test was asked for) and the event was made (ISO 8601). */
  createdAt: string;
} & (
  { type: JobEventType; data: { job: JobView } } | { type: "webhook.test"; data: { key: { id: string; name: string } } }
);

/** The most of a receiver's answer kept with a delivery, in bytes. */
export const WEBHOOK_RESPONSE_KEPT = 1024;

/** A webhook event and how its delivery went, as the deliveries list and key lists show it. */
export const webhookDeliveryViewSchema = z
  .object({
    id: z.string().meta({ description: "The event's id, sent as Motif-Event-Id." }),
    status: z.enum(["pending", "delivered", "failed"]),
    event: z.enum(webhookEventTypes),
    jobId: z.string().nullable().meta({ description: "The job that ended; null for a test event." }),
    attempts: z.number().int(),
    lastStatus: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The receiver's last HTTP status; null when it gave no answer." }),
    lastError: z.string().nullable(),
    lastResponse: z
      .string()
      .nullable()
      .meta({
        description: `The start of the receiver's last answer (up to ${WEBHOOK_RESPONSE_KEPT} bytes, as text).`,
      }),
    createdAt: z.string().meta({ format: "date-time" }),
    deliveredAt: z.string().meta({ format: "date-time" }).nullable(),
  })
  .meta({ id: "WebhookDelivery", description: "A webhook event and how its delivery went." });
export type WebhookDeliveryView = z.output<typeof webhookDeliveryViewSchema>;

const MAX_URL_LENGTH = 2000;

/**
 * A webhook URL's shape: http or https, no user:password part. Whether its host is
 * public (and https, in production) is checked by the server, which can resolve it.
 */
export const webhookUrlSchema = z
  .string({ error: "The webhook URL must be text." })
  .trim()
  .max(MAX_URL_LENGTH, `Keep the webhook URL to ${MAX_URL_LENGTH} characters.`)
  .pipe(z.url({ protocol: /^https?$/, error: "The webhook URL must be a full http:// or https:// address." }))
  .refine((value) => {
    // Runs after a failed URL check too (zod goes on), so an unparseable value is left to that message.
    const url = URL.canParse(value) ? new URL(value) : null;
    return !url?.username && !url?.password;
  }, "The webhook URL cannot carry a user name or password; put a token in its path or query instead.");

/**
 * What the document says of a webhook field's text: empty, or an http(s) address with a host and
 * no user name or password, spaces around it trimmed (whether its host is public, the server
 * finds out).
 */
const WEBHOOK_URL_PATTERN =
  "^$|^[^\\S\\u000b\\u000c]*[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#@\\u0000-\\u001f\\u007f]+" +
  "(?:[/?#][^\\s\\u0000-\\u001f\\u007f]*)?[^\\S\\u000b\\u000c]*$";

/** What a webhook field may hold: a URL, or nothing ("" from an empty field counts as nothing). */
export const optionalWebhookUrlSchema = z
  .preprocess((value) => (value === "" ? null : value), webhookUrlSchema.nullable())
  .meta({ pattern: WEBHOOK_URL_PATTERN });
