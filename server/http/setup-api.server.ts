import { Router, type Request } from "express";
import { hitRateLimit } from "../auth/rate-limit.server";
import type { SessionUser } from "../auth/sessions.server";
import type { Services } from "../services.server";
import { checkImageConnection } from "../setup/connection-check.server";
import { requireOperator } from "../setup/operator.server";
import { describeSetup } from "../setup/setup-status.server";
import { sendTestEmail } from "../setup/test-email-check.server";
import { getLogger } from "../logger.server";
import { AppError } from "./errors.server";
import { requireSessionUser } from "./require-user.server";
import { connectionCheckBody, grantCreditsBody, setupActionBody, setupCheckLimit } from "#domain/setup";
import { grantCreditsByEmail } from "../credits/credits-command.server";
import { isPreview } from "#domain/preview";
import { recordProviderCheck } from "../generation/providers/provider-checks.server";

async function requireOperatorUser(req: Request, services: Services): Promise<SessionUser> {
  const user = await requireSessionUser(req, services);
  await requireOperator({ db: services.database.db, adminEmails: services.config.adminEmails }, user);
  return user;
}

/** Each check reaches an outside service: a few a minute per operator, shared by all checks. */
async function limitChecks(services: Services, user: SessionUser): Promise<void> {
  const result = await hitRateLimit({
    db: services.database.db,
    key: `setup-check:${user.id}`,
    limit: setupCheckLimit.perWindow,
    windowMs: setupCheckLimit.windowMs,
  });
  if (!result.allowed) {
    throw new AppError(
      "rate_limited",
      `Too many checks. Try again in ${result.retryAfterSeconds} seconds.`,
      {},
      { "Retry-After": String(result.retryAfterSeconds) },
    );
  }
}

/** The operator's setup page calls: everyone else gets the same 404 as an unknown path. */
export function setupApi(getServices: () => Promise<Services>): Router {
  const router = Router();

  // The operator gives credits from the setup page, as `npm run credits -- grant` does.
  router.post("/grant-credits", async (req, res) => {
    const services = await getServices();
    await requireOperatorUser(req, services);
    const { email, credits } = grantCreditsBody.parse(req.body);
    const result = await grantCreditsByEmail(services.database.db, { email: email.toLowerCase(), amount: credits });
    if (!result.ok) throw new AppError("bad_request", result.message);
    res.json({ message: result.message });
  });

  router.get("/", async (req, res) => {
    const services = await getServices();
    await requireOperatorUser(req, services);
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: await describeSetup(services) });
  });

  // Answers 200 either way: a refused key is the check's result, not this call's failure.
  router.post("/test-connection", async (req, res) => {
    const services = await getServices();
    const user = await requireOperatorUser(req, services);
    const body = connectionCheckBody.parse(req.body);
    await limitChecks(services, user);
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
    res.setHeader("Cache-Control", "no-store");
    res.json({ check });
  });

  router.post("/test-email", async (req, res) => {
    const services = await getServices();
    const user = await requireOperatorUser(req, services);
    setupActionBody.parse(req.body);
    await limitChecks(services, user);
    const result = await sendTestEmail(services, user);
    res.setHeader("Cache-Control", "no-store");
    res.json({ result });
  });

  return router;
}
