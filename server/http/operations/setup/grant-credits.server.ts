import { grantCreditsBody } from "#domain/requests/setup";
import { grantCreditsByEmail } from "../../../credits/credits-command.server";
import { AppError } from "../../errors.server";
import { defineOperation } from "../operation.server";
import { z } from "zod";

const grantCreditsReply = z
  .object({ message: z.string().meta({ example: "Granted 100 credits to ann@example.com: balance 350." }) })
  .meta({ id: "GrantCreditsReply" });

export const grantCreditsOperation = defineOperation({
  method: "post",
  path: "/api/setup/grant-credits",
  tag: "Setup",
  summary: "Give an account credits",
  description:
    'Through the ledger ("Added by the operator"), settling any debt first; the account\'s open pages see the new balance. An address with no account answers 400 and grants nothing.',
  access: "operator",
  json: grantCreditsBody,
  errors: [400],
  responses: { 200: { description: "What was granted.", json: grantCreditsReply } },
  // The operator gives credits from the setup page, as `npm run credits -- grant` does.
  async handle({ services, body }) {
    const { email, credits } = body;
    const result = await grantCreditsByEmail(services.database.db, { email: email.toLowerCase(), amount: credits });
    if (!result.ok) throw new AppError("bad_request", result.message);
    return { status: 200, body: { message: result.message } };
  },
});
