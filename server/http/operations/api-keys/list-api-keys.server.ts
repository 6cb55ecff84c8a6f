import * as replies from "#domain/api-replies";
import { listApiKeys } from "../../../api-keys/api-keys.server";
import { defineOperation } from "../operation.server";

export const listApiKeysOperation = defineOperation({
  method: "get",
  path: "/api/keys",
  tag: "API keys",
  summary: "List your API keys",
  description:
    "The keys you made for the workspace you are in and have not revoked, newest first, with what each spent this month. Never their secrets.",
  access: "session",
  responses: { 200: { description: "Your keys.", json: replies.apiKeysReply } },
  async handle({ services, user }) {
    const keys = await listApiKeys(services.database.db, user.id, user.workspace.id);
    return { status: 200, body: { keys } };
  },
});
