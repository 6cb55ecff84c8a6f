import { Router } from "express";
import { checkoutRequest } from "#domain/api-replies";
import { creditRequestBody } from "#domain/credit-requests";
import { formatPackPrice } from "#domain/credit-packs";
import { startCheckout } from "../billing/checkout.server";
import { requestCredits } from "../credits/credit-requests.server";
import type { Services } from "../services.server";
import { AppError } from "./errors.server";
import { answerOnce } from "./idempotent.server";
import { requireApiUser, requireSessionUser } from "./require-user.server";

const checkoutInput = checkoutRequest;

/** The billing settings, or a 404: without Stripe there is nothing to buy. */
function billingOf(services: Services) {
  if (!services.config.billing) throw new AppError("not_found", "Not found");
  return services.config.billing;
}

/**
 * Getting credits: the packs for sale and a Stripe Checkout Session for one of them, or,
 * with or without Stripe, a request that e-mails the operators.
 */
export function creditsApi(getServices: () => Promise<Services>): Router {
  const router = Router();

  router.get("/packs", async (req, res) => {
    const services = await getServices();
    const billing = billingOf(services);
    await requireApiUser(req, services);
    res.json({ packs: billing.packs.map((pack) => ({ ...pack, price: formatPackPrice(pack) })) });
  });

  // 201 { url }: the browser goes there to pay; the webhook grants the credits once Stripe is paid.
  router.post("/checkout", async (req, res) => {
    const services = await getServices();
    const billing = billingOf(services);
    const user = await requireApiUser(req, services);
    const input = checkoutInput.parse(req.body ?? {});
    const db = services.database.db;
    await answerOnce(db, req, res, {
      userId: user.id,
      content: input,
      async run() {
        const { url } = await startCheckout(
          { db, billing, publicUrl: services.config.publicUrl },
          { userId: user.id, email: user.email, packId: input.packId },
        );
        return { status: 201, body: { url } };
      },
    });
  });

  // A person asks the operators (by e-mail) for credits; once an hour, so nobody is flooded.
  router.post("/request", async (req, res) => {
    const services = await getServices();
    const user = await requireSessionUser(req, services);
    const { note } = creditRequestBody.parse(req.body ?? {});
    await requestCredits(
      { db: services.database.db, mailer: services.mailer, config: services.config },
      { userId: user.id, email: user.email, note },
    );
    res.setHeader("Cache-Control", "no-store");
    res.json({ sent: true });
  });

  return router;
}
