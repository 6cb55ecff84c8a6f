import * as replies from "#domain/api-replies";
import { creditRequestBody } from "#domain/credit-requests";
import { requestCredits } from "../../../credits/credit-requests.server";
import { defineOperation } from "../operation.server";

export const askOperatorsForCreditsOperation = defineOperation({
  method: "post",
  path: "/api/credits/request",
  tag: "Credits",
  summary: "Ask the operators for credits",
  description:
    "E-mails the operators (ADMIN_EMAILS, or the first account) who is asking, their balance and the note. Once an hour per person: a second request within the hour answers 429 with Retry-After. Only from a browser session.",
  access: "session",
  json: creditRequestBody,
  errors: [429],
  responses: { 200: { description: "The operators were e-mailed.", json: replies.creditRequestReply } },
  // Once an hour per person, so nobody is flooded.
  async handle({ services, user, body }) {
    await requestCredits(
      { db: services.database.db, mailer: services.mailer, config: services.config },
      { userId: user.id, email: user.email, note: body.note, workspace: user.workspace },
    );
    return { status: 200, body: { sent: true } };
  },
});
