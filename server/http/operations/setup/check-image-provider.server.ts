import * as replies from "#domain/api-replies";
import { isPreview } from "#domain/preview";
import { connectionCheckBody } from "#domain/setup";
import { recordProviderCheck } from "../../../generation/providers/provider-checks.server";
import { getLogger } from "../../../logger.server";
import { checkImageConnection } from "../../../setup/connection-check.server";
import { defineOperation } from "../operation.server";
import { limitChecks } from "./shared.server";

export const checkImageProviderOperation = defineOperation({
  method: "post",
  path: "/api/setup/test-connection",
  tag: "Setup",
  summary: "Check an image provider",
  description: "Calls the provider once. Answers 200 either way: a refused key is the check's result.",
  access: "operator",
  json: connectionCheckBody,
  errors: [429],
  responses: { 200: { description: "The check.", json: replies.connectionCheckReply } },
  // Answers 200 either way: a refused key is the check's result, not this call's failure.
  async handle({ services, user, body }) {
    await limitChecks(services, user.id);
    const check = await checkImageConnection(services, { providerId: body?.provider });
    const provider = body?.provider ? services.providers.offeredById(body.provider) : services.providers.default;
    // What users see of the model follows the operator's latest check.
    if (provider && !isPreview(provider.id)) {
      await recordProviderCheck(services.database.db, {
        provider: provider.id,
        model: provider.model,
        ok: check.ok,
        message: check.message,
      });
    }
    getLogger().info(
      { provider: provider?.id ?? body?.provider, ok: check.ok, latencyMs: check.latencyMs },
      "image provider connection checked",
    );
    return { status: 200, body: { check } };
  },
});
