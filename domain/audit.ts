import { z } from "zod";
import { textPatterns } from "./text";

/** What an operator can do that the audit log records. */
export const auditActions = [
  "credits.granted",
  "credits.taken",
  "account.disabled",
  "account.enabled",
  "account.deleted",
  "instance.settings_changed",
] as const;
export type AuditAction = (typeof auditActions)[number];

/** One line of the audit log, as the operator console shows it. */
export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    actor: z.object({ id: z.string(), email: z.string() }),
    action: z.enum(auditActions),
    subject: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    reason: z.string().nullable(),
    createdAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "AuditEntry", description: "An operator's action: who, what, to whom, before → after, and why." });
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const CREDIT_ADJUST_MAX = 1_000_000;

/** An operator's change to a user's balance: a signed whole number of credits, and why. */
export const adjustCreditsSchema = z.object({
  amount: z
    .number({ error: "Give a whole number of credits." })
    .int("Give a whole number of credits.")
    .refine((n) => n !== 0, "Give or take at least 1 credit.")
    .refine((n) => Math.abs(n) <= CREDIT_ADJUST_MAX, `Give or take at most 1,000,000 credits at a time.`)
    .meta({
      description: "Credits to give (positive) or take (negative).",
      example: 250,
      minimum: -CREDIT_ADJUST_MAX,
      maximum: CREDIT_ADJUST_MAX,
      not: { const: 0 },
    }),
  reason: z
    .string({ error: "Say why, in a few words." })
    .trim()
    .min(3, "Say why, in a few words.")
    .max(300, "Keep the reason to 300 characters.")
    .meta({ example: "Art team's monthly allowance", pattern: textPatterns.three }),
});
export type AdjustCreditsInput = z.output<typeof adjustCreditsSchema>;

/** Why an operator disables or enables an account. */
export const accountStatusSchema = z.object({ reason: adjustCreditsSchema.shape.reason });

export const accountDisabledMessage = "This account is disabled. Ask the person who runs this Motif.";
