import { z } from "zod";

/** How long a short note to the operators may be. */
export const creditRequestNoteMax = 500;

/** One request an hour per person: enough to ask, too few to flood the operators' inboxes. */
export const creditRequestLimit = { perWindow: 1, windowMs: 60 * 60_000 } as const;

/** POST /api/credits/request: an optional note for the operators. */
export const creditRequestBody = z
  .object({
    note: z
      .string()
      .trim()
      .max(creditRequestNoteMax, `Keep the note to ${creditRequestNoteMax} characters.`)
      .optional()
      .meta({ description: "A short note for the operators: what the credits are for." }),
  })
  .strict();

/** What the person is told when they ask again too soon. */
export function creditRequestTooSoon(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You already asked for credits in the last hour. You can ask again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
