import { z } from "zod";

// The operator's credit grant from the setup page; apart from setup.ts (docs/decisions/126).

/** How much the operator may grant at once, from the command or the setup page. */
export const grantLimits = {
  max: 1_000_000,
  tooFew: "Grant at least 1 credit.",
  tooMany: "Grant at most 1,000,000 credits at a time.",
} as const;

/** The operator's grant from the setup page: an account's address and a whole number of credits. */
export const grantCreditsBody = z
  .object({
    email: z.email("Enter the account's e-mail address.").max(320),
    credits: z
      .number({ error: "Enter a whole number of credits." })
      .int("Enter a whole number of credits.")
      .min(1, grantLimits.tooFew)
      .max(grantLimits.max, grantLimits.tooMany),
  })
  .strict()
  .meta({ id: "GrantCredits" });
