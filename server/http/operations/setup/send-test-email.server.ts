import * as replies from "#domain/api-replies";
import { setupActionBody } from "#domain/setup";
import { sendTestEmail } from "../../../setup/test-email-check.server";
import { defineOperation } from "../operation.server";
import { limitChecks } from "./shared.server";

export const sendTestEmailOperation = defineOperation({
  method: "post",
  path: "/api/setup/test-email",
  tag: "Setup",
  summary: "Send a test e-mail",
  access: "operator",
  json: setupActionBody,
  errors: [429],
  responses: { 200: { description: "Where it went.", json: replies.testEmailReply } },
  async handle({ services, user }) {
    await limitChecks(services, user.id);
    return { status: 200, body: { result: await sendTestEmail(services, user) } };
  },
});
