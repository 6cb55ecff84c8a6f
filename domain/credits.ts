import { z } from "zod";

/** Why a ledger line moved the balance. */
export const creditReasonValues = [
  "signup_grant",
  "generation_reserve",
  "generation_refund",
  "purchase",
  "admin_adjust",
  // ref = the new image's id: one image is paid for once.
  "background_removal",
  // Credits a refund or a lost dispute took back; ref = "<checkout session>:refund:<amount refunded>"
  // or "<checkout session>:dispute:<dispute id>" (a purchase's ref is its Checkout Session id).
  "purchase_refunded",
  "purchase_disputed",
] as const;
export type CreditReason = (typeof creditReasonValues)[number];

/** One line of a user's credit history, as the browser shows it. */
export const creditHistoryEntrySchema = z
  .object({
    id: z.number().int(),
    delta: z.number().int().meta({ description: "Credits added (positive) or spent (negative)." }),
    balanceAfter: z.number().int(),
    reason: z.enum(creditReasonValues),
    styleName: z.string().nullable().meta({
      description: "The style a generation was for; null when it has since been deleted, or for other reasons.",
    }),
    title: z.string().nullable().meta({ description: "What the generation made, in words; null for other reasons." }),
    refund: z.object({ images: z.number().int(), of: z.number().int() }).nullable().meta({
      description: "For a refund: how many of the job's images it paid back (those never made), of how many.",
    }),
    model: z.string().nullable().meta({ description: "The model a generation ran with, in words." }),
    debtDelta: z.number().int().meta({
      description:
        "How the line moved what the user owes: up when a take-back exceeded the balance, down when settled.",
    }),
    purchase: z.object({ credits: z.number().int(), receiptUrl: z.string().nullable() }).nullable().meta({
      description: "For a purchase and what was taken back from it: the pack's credits and Stripe's receipt page.",
    }),
    note: z.string().nullable().meta({
      description: "For credits an operator gave or took: the reason they gave; null otherwise.",
    }),
    by: z.string().nullable().meta({
      description: "In a team's history: the e-mail address of the member whose spending this was; null otherwise.",
    }),
    createdAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "CreditHistoryEntry", description: "One line of the credit ledger." });
export type CreditHistoryEntry = z.output<typeof creditHistoryEntrySchema>;

export const creditHistoryPageSchema = z
  .object({
    entries: z.array(creditHistoryEntrySchema),
    nextBefore: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Pass as `before` for the next (older) page; null on the last." }),
  })
  .meta({ id: "CreditHistoryPage", description: "A page of the credit history, newest first." });

/** GET /api/users/me/credits */
export const creditHistoryQuerySchema = z.object({
  before: z.coerce
    .number()
    .int()
    .positive("before must be a ledger id.")
    .optional()
    .meta({ description: "The last id of the previous page." }),
});
