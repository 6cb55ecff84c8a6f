// A step of the walk in openapi.test.ts, registered there in its place: credit packs sold through
// Stripe Checkout (against a local fake of Stripe's API), and only Stripe's signed events taken.
// It runs on its own server but checks its answers against the walk's document.
import { expect, it } from "vitest";
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe, stripeSignature } from "../fakes/stripe-api";
import { signInThroughApi, startApiServer } from "../support/test-server";
import type { OpenApiWalk } from "./openapi-helpers";

export function sellsCreditPacksThroughStripe({ api, doc }: OpenApiWalk) {
  it("sells credit packs through Stripe Checkout, and takes only Stripe's signed events", async () => {
    const fake = await startFakeStripe();
    const shop = await startApiServer(api.database, {
      SIGNIN_LIMIT_PER_IP: "1000",
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      CREDIT_PACKS: "100:5.00:usd",
    });
    try {
      const buyer = await signInThroughApi(shop, "openapi-buyer@example.com");
      const checked = async (method: string, path: string, init: RequestInit & { json?: unknown } = {}) => {
        const response = await shop.call(path, { ...init, method, cookie: buyer.cookie });
        await doc.check(response, method, path);
        return response.status;
      };
      expect(await checked("GET", "/api/credits/packs")).toBe(200);
      const checkout = { json: { packId: "100-usd" }, headers: { "Idempotency-Key": "openapi-pack-1" } };
      expect(await checked("POST", "/api/credits/checkout", checkout)).toBe(201);
      expect(await checked("POST", "/api/credits/checkout", { json: { packId: "nope" } })).toBe(404);
      const event = JSON.stringify({
        id: "evt_openapi",
        object: "event",
        type: "customer.created",
        data: { object: {} },
      });
      const deliver = (signature: string) =>
        checked("POST", "/api/stripe/webhook", {
          body: event,
          headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        });
      expect(await deliver(stripeSignature(event, "whsec_someone_else"))).toBe(400);
      expect(await deliver(stripeSignature(event, FAKE_WEBHOOK_SECRET))).toBe(200);
    } finally {
      await shop.close();
      await fake.close();
    }
  });
}
