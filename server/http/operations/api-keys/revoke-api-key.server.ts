import { revokeApiKey } from "../../../api-keys/api-keys.server";
import { defineOperation } from "../operation.server";

export const revokeApiKeyOperation = defineOperation({
  method: "delete",
  path: "/api/keys/:id",
  tag: "API keys",
  summary: "Revoke an API key",
  description: "At once: the key's next request answers 401, and its live event streams end.",
  access: "session",
  responses: { 204: { description: "Revoked." } },
  async handle({ services, user, params }) {
    await revokeApiKey(services.database.db, { userId: user.id, keyId: params.id });
    return { status: 204 };
  },
});
