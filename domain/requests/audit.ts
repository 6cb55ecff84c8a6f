import { z } from "zod";
import { CREDIT_ADJUST_MAX } from "../audit";
import { textPatterns } from "../text";

// What an operator's account changes carry; apart from audit.ts, whose words every page may load
// while only the console's dialogs check these (docs/decisions/126).

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
