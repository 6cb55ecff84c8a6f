import { Router, type Request } from "express";
import { apiKeyMessages, createApiKeySchema, updateApiKeySchema } from "#domain/api-keys";
import { AppError } from "#domain/errors";
import { createApiKey, listApiKeys, revokeApiKey, setApiKeyWebhook } from "../api-keys/api-keys.server";
import type { Services } from "../services.server";
import { publicNetwork } from "../webhooks/address-policy.server";
import { checkWebhookUrl } from "../webhooks/webhook-url.server";
import { requireApiUser, requireSessionUser } from "./require-user.server";

/** API keys: managed from a signed-in browser only; a key can never manage keys, only read itself. */
export function keysApi(getServices: () => Promise<Services>): Router {
  const router = Router();

  /** A webhook URL as saved: https in production, a public host now; null stays null. */
  async function checkedWebhookUrl(services: Services, value: string | null | undefined) {
    if (!value) return null;
    return checkWebhookUrl(value, {
      requireHttps: services.config.isProduction,
      network: services.webhookNetwork ?? publicNetwork,
    });
  }

  // The key that makes the call reads itself: its cap and what it spent this month. A key, not a manager.
  router.get("/current", async (req, res) => {
    const services = await getServices();
    const user = await requireApiUser(req, services);
    if (!user.apiKeyId) throw new AppError("bad_request", apiKeyMessages.keyOnly);
    const key = (await listApiKeys(services.database.db, user.id)).find((k) => k.id === user.apiKeyId);
    if (!key) throw new AppError("unauthorized", apiKeyMessages.revoked);
    res.setHeader("Cache-Control", "no-store");
    res.json({ key });
  });

  router.get("/", async (req, res) => {
    const services = await getServices();
    const user = await requireSessionUser(req, services);
    res.setHeader("Cache-Control", "no-store");
    res.json({ keys: await listApiKeys(services.database.db, user.id) });
  });

  router.post("/", async (req, res) => {
    const services = await getServices();
    const user = await requireSessionUser(req, services);
    const input = createApiKeySchema.parse(req.body ?? {});
    const webhookUrl = await checkedWebhookUrl(services, input.webhookUrl);
    const created = await createApiKey(services.database.db, { userId: user.id, input: { ...input, webhookUrl } });
    res.setHeader("Cache-Control", "no-store");
    res.status(201).json(created);
  });

  // Sets or clears the key's webhook; `webhookSecret` is there only when a new one was made.
  router.patch("/:id", async (req: Request<{ id: string }>, res) => {
    const services = await getServices();
    const user = await requireSessionUser(req, services);
    const input = updateApiKeySchema.parse(req.body ?? {});
    const webhookUrl = await checkedWebhookUrl(services, input.webhookUrl);
    const updated = await setApiKeyWebhook(services.database.db, { userId: user.id, keyId: req.params.id, webhookUrl });
    res.setHeader("Cache-Control", "no-store");
    res.json(updated);
  });

  router.delete("/:id", async (req: Request<{ id: string }>, res) => {
    const services = await getServices();
    const user = await requireSessionUser(req, services);
    await revokeApiKey(services.database.db, { userId: user.id, keyId: req.params.id });
    res.status(204).end();
  });

  return router;
}
