import * as replies from "#domain/api-replies";
import { createApiKeySchema } from "#domain/api-keys";
import { createApiKey } from "../../../api-keys/api-keys.server";
import { requireWorkspace } from "../../../workspaces/workspaces.server";
import { defineOperation } from "../operation.server";
import { checkedWebhookUrl } from "./shared.server";

export const createApiKeyOperation = defineOperation({
  method: "post",
  path: "/api/keys",
  tag: "API keys",
  summary: "Create an API key",
  description:
    "The secret is in this answer only: it is stored hashed. A key acts as you, in one workspace (`workspaceId`: yours or a team you are in; by default the one you are in now), on every route here except key management and deleting the account, within its optional monthly credit cap. A key for a team stops working when you leave it. With `webhookUrl`, the key's jobs' endings are posted there, signed with `webhookSecret` (also in this answer only); a URL that does not reach a public address answers 400.",
  access: "session",
  json: createApiKeySchema,
  errors: [404, 409],
  responses: { 201: { description: "The key, and its secret.", json: replies.apiKeyCreatedReply } },
  async handle({ services, user, body: input }) {
    const webhookUrl = await checkedWebhookUrl(services, input.webhookUrl);
    const { db } = services.database;
    const workspace = await requireWorkspace(db, {
      userId: user.id,
      requested: input.workspaceId ?? user.workspace.id,
    });
    const created = await createApiKey(db, {
      userId: user.id,
      workspaceId: workspace.id,
      input: { ...input, webhookUrl },
    });
    return { status: 201, body: created };
  },
});
