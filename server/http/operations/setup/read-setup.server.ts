import * as replies from "#domain/api-replies";
import { describeSetup } from "../../../setup/setup-status.server";
import { defineOperation } from "../operation.server";

export const readSetupOperation = defineOperation({
  method: "get",
  path: "/api/setup",
  tag: "Setup",
  summary: "This instance's settings",
  description: "For the operator only, from a browser session; anyone else gets 404.",
  access: "operator",
  responses: { 200: { description: "The settings, without secrets.", json: replies.setupStatusReply } },
  async handle({ services }) {
    return { status: 200, body: { status: await describeSetup(services) } };
  },
});
