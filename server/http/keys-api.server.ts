import { Router, type Request } from "express";
import { createApiKeySchema } from "#domain/api-keys";
import { createApiKey, listApiKeys, revokeApiKey } from "../api-keys/api-keys.server";
import type { Services } from "../services.server";
import { requireSessionUser } from "./require-user.server";

/** API keys: managed from a signed-in browser only; a key can never manage keys. */
export function keysApi(getServices: () => Promise<Services>): Router {
  const router = Router();

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
    const created = await createApiKey(services.database.db, { userId: user.id, input });
    res.setHeader("Cache-Control", "no-store");
    res.status(201).json(created);
  });

  router.delete("/:id", async (req: Request<{ id: string }>, res) => {
    const services = await getServices();
    const user = await requireSessionUser(req, services);
    await revokeApiKey(services.database.db, { userId: user.id, keyId: req.params.id });
    res.status(204).end();
  });

  return router;
}
