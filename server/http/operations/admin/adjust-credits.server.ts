import { auditEntrySchema } from "#domain/audit";
import { adjustCreditsSchema } from "#domain/requests/audit";
import { adjustCredits } from "../../../operator/operator-credits.server";
import { defineOperation } from "../operation.server";
import { z } from "zod";

const adjustedReply = z.object({
  credits: z.number().int().meta({ description: "The account's balance now." }),
  debt: z.number().int().meta({ description: "What it still owes (a grant settles a debt first)." }),
  entry: auditEntrySchema,
});

export const adjustCreditsOperations = (["account", "team"] as const).map((holder) =>
  defineOperation({
    method: "post",
    path: holder === "account" ? "/api/admin/users/:id/credits" : "/api/admin/teams/:id/credits",
    tag: "Operator",
    summary: holder === "account" ? "Give or take an account's credits" : "Give or take a team's credits",
    description:
      holder === "account"
        ? "Gives (`amount` > 0) or takes (`amount` < 0) credits, with a reason, through the ledger while the server runs: a grant settles a debt first; a take of more than the balance answers 409 and takes nothing. Written to the audit log with the balance before and after; the account's open pages see the new balance."
        : "The same as for an account, for a team's balance (its members spend it): through the ledger while the server runs, written to the audit log; the team's open pages see the new balance.",
    access: "operator",
    json: adjustCreditsSchema,
    errors: [409],
    responses: { 200: { description: "The new balance, and the audit line.", json: adjustedReply } },
    async handle({ services, user, params, body }) {
      const result = await adjustCredits(services.database.db, {
        actor: { id: user.id, email: user.email },
        userId: params.id,
        input: body,
        holder,
      });
      return { status: 200, body: result };
    },
  }),
);
