import * as replies from "#domain/api-replies";
import { apiKeyMessages } from "#domain/api-keys";
import { listApiKeys } from "../../../api-keys/api-keys.server";
import { AppError } from "../../errors.server";
import { defineOperation } from "../operation.server";

export const readCallingApiKeyOperation = defineOperation({
  method: "get",
  path: "/api/keys/current",
  tag: "API keys",
  summary: "Read the calling API key",
  description:
    "The API key that makes this call, as the list shows it: its monthly credit cap and what it spent this month (UTC), its expiry and webhook. For API keys only: a browser session has no key, and is answered 401.",
  access: "key",
  responses: { 200: { description: "The key.", json: replies.currentApiKeyReply } },
  // The key that makes the call reads itself: its cap and what it spent this month.
  async handle({ services, user }) {
    if (!user.apiKeyId) throw new AppError("unauthorized", apiKeyMessages.keyOnly);
    const key = (await listApiKeys(services.database.db, user.id)).find((k) => k.id === user.apiKeyId);
    if (!key) throw new AppError("unauthorized", apiKeyMessages.revoked);
    return { status: 200, body: { key } };
  },
});
