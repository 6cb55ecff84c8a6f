import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditLedger, creditPurchases, workspaceBalances } from "#server/db/schema";
import type { DatabaseHandle } from "#server/db/client.server";
import { describeCreditEntry, type CreditHistoryEntry } from "#domain/credit-history";
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from "../fakes/stripe-api";
import { testDatabases } from "../support/databases";
import { PUBLIC_URL, signInThroughApi, startApiServer, type ApiTestServer } from "../support/test-server";

const stripeEnv = (fake: FakeStripe) => ({
  STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
  STRIPE_API_BASE: fake.url,
  CREDIT_PACKS: "100:5.00:usd,500:20.00:usd",
});

describe.each(testDatabases)("buying credits with Stripe on $name", (target) => {
  let database: DatabaseHandle;
  let fake: FakeStripe;
  let server: ApiTestServer;

  beforeAll(async () => {
    database = await target.open();
    fake = await startFakeStripe();
    // No sign-up credits, and previews priced like a model's: every credit here was bought.
    server = await startApiServer(database, {
      SIGNIN_LIMIT_PER_IP: "1000",
      SIGNUP_CREDITS: "0",
      PREVIEW_PRICE: "standard",
      ...stripeEnv(fake),
    });
    fake.webhookUrl = `${server.url}/api/stripe/webhook`;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
    await database?.close();
  });

  async function account(userId: string) {
    const [row] = await database.db
      .select({ credits: workspaceBalances.credits, debt: workspaceBalances.creditDebt })
      .from(workspaceBalances)
      .where(eq(workspaceBalances.id, userId));
    return row!;
  }

  async function history(cookie: string) {
    const response = await server.call("/api/users/me/credits", { cookie });
    return ((await response.json()) as { entries: CreditHistoryEntry[] }).entries;
  }

  /** Starts a checkout as the browser does; answers the Checkout Session's id. */
  async function checkout(cookie: string, packId: string): Promise<string> {
    const response = await server.call("/api/credits/checkout", { method: "POST", json: { packId }, cookie });
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    return url.split("/pay/")[1]!;
  }

  /** Spends by creating a style (its samples are paid); answers the response. */
  function createStyle(cookie: string) {
    const form = new FormData();
    form.set("name", "Debt test");
    form.set("description", "Flat icons");
    form.set("defaultDetail", "draft");
    return server.call("/api/styles", { method: "POST", body: form, cookie });
  }

  it("opens a Checkout Session for the signed-in user and the pack's price", async () => {
    const { cookie, userId } = await signInThroughApi(server, "checkout@example.com");
    const packs = await server.call("/api/credits/packs", { cookie });
    expect(await packs.json()).toEqual({
      packs: [
        { id: "100-usd", credits: 100, amount: 500, currency: "usd", price: "$5.00" },
        { id: "500-usd", credits: 500, amount: 2000, currency: "usd", price: "$20.00" },
      ],
    });

    const headers = { "Idempotency-Key": "checkout-key-0001" };
    const first = await server.call("/api/credits/checkout", {
      method: "POST",
      json: { packId: "500-usd" },
      cookie,
      headers,
    });
    expect(first.status).toBe(201);
    const { url } = (await first.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));

    const created = fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions");
    expect(created).toHaveLength(1);
    expect(created[0]!.authorization).toBe(`Bearer ${FAKE_STRIPE_KEY}`);
    expect(created[0]!.params).toMatchObject({
      mode: "payment",
      client_reference_id: userId,
      customer_email: "checkout@example.com",
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "2000" } }],
      metadata: { motif_pack: "500-usd", motif_credits: "500" },
      success_url: `${PUBLIC_URL}/app/credits?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${PUBLIC_URL}/app/credits?checkout=cancelled`,
    });
    const sessionId = url.split("/pay/")[1]!;
    const [row] = await database.db
      .select()
      .from(creditPurchases)
      .where(eq(creditPurchases.checkoutSessionId, sessionId));
    expect(row).toMatchObject({
      workspaceId: userId,
      packId: "500-usd",
      credits: 500,
      amount: 2000,
      currency: "usd",
      paidAt: null,
    });

    // The same Idempotency-Key answers the same page, without a second session.
    const again = await server.call("/api/credits/checkout", {
      method: "POST",
      json: { packId: "500-usd" },
      cookie,
      headers,
    });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual({ url });
    expect(fake.requests.filter((r) => r.path === "/v1/checkout/sessions" && r.method === "POST")).toHaveLength(1);

    // Nothing is paid yet: no credits.
    expect(await account(userId)).toEqual({ credits: 0, debt: 0 });
  });

  it("refuses an unknown pack, a stranger and another origin", async () => {
    const { cookie } = await signInThroughApi(server, "refusals@example.com");
    const unknown = await server.call("/api/credits/checkout", { method: "POST", json: { packId: "9-usd" }, cookie });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(/not for sale/);
    const empty = await server.call("/api/credits/checkout", { method: "POST", json: {}, cookie });
    expect(empty.status).toBe(400);
    expect((await server.call("/api/credits/checkout", { method: "POST", json: { packId: "100-usd" } })).status).toBe(
      401,
    );
    const crossSite = await server.call("/api/credits/checkout", {
      method: "POST",
      json: { packId: "100-usd" },
      cookie,
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
  });

  it("grants a pack paid on the hosted page once, with its receipt in the history", async () => {
    const { cookie, userId } = await signInThroughApi(server, "payer@example.com");
    const sessionId = await checkout(cookie, "500-usd");

    const page = await fetch(`${fake.url}/pay/${sessionId}`);
    expect(await page.text()).toContain("Pay $20.00");
    const paid = await fetch(`${fake.url}/pay/${sessionId}`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${PUBLIC_URL}/app/credits?checkout=success&session_id=${sessionId}`);
    expect(fake.deliveries.at(-1)).toMatchObject({ type: "checkout.session.completed", status: 200 });
    expect(await account(userId)).toEqual({ credits: 500, debt: 0 });

    const [entry] = await history(cookie);
    expect(describeCreditEntry(entry!)).toBe("Bought 500 credits");
    expect(entry).toMatchObject({ delta: 500, balanceAfter: 500, reason: "purchase" });
    expect(entry!.purchase?.receiptUrl).toMatch(new RegExp(`^${fake.url}/receipts/ch_test_`));
    expect((await fetch(entry!.purchase!.receiptUrl!)).status).toBe(200);
  });

  it("credits the team a pack is bought in, not the buyer's own balance", async () => {
    const { cookie, userId } = await signInThroughApi(server, "team-payer@example.com");
    const made = await server.call("/api/teams", { method: "POST", json: { name: "Paying Studio" }, cookie });
    const { team } = (await made.json()) as { team: { id: string } };
    const inTeam = `${cookie}; motif_workspace=${team.id}`;
    const sessionId = await checkout(inTeam, "100-usd");
    const paid = await fetch(`${fake.url}/pay/${sessionId}`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(await account(team.id)).toEqual({ credits: 100, debt: 0 });
    expect(await account(userId)).toEqual({ credits: 0, debt: 0 });
    const [entry] = await history(inTeam);
    expect(entry).toMatchObject({ delta: 100, reason: "purchase" });
    expect(await history(cookie)).not.toContainEqual(expect.objectContaining({ reason: "purchase" }));
  });

  it("grants exactly once when Stripe delivers twice, reordered, and with the async twin", async () => {
    const { cookie, userId } = await signInThroughApi(server, "replays@example.com");
    const first = await checkout(cookie, "100-usd");
    const second = await checkout(cookie, "500-usd");
    fake.hold = true;
    try {
      await fake.pay(first);
      await fake.pay(second);
      const deliveries = await fake.release({ times: 2, reversed: true });
      expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200]);
      // The same session again, as a different event (the async-payment twin).
      await fake.settleAsync(first);
      const [twin] = await fake.release({ times: 3 });
      expect(twin!.status).toBe(200);
    } finally {
      fake.hold = false;
    }
    expect(await account(userId)).toEqual({ credits: 600, debt: 0 });
    const purchases = await database.db.select().from(creditLedger).where(eq(creditLedger.workspaceId, userId));
    expect(purchases.map((p) => [p.reason, p.ref, p.delta]).sort()).toEqual(
      [
        ["purchase", first, 100],
        ["purchase", second, 500],
      ].sort(),
    );
  });

  it("grants once when the same event arrives several times at once", async () => {
    const { cookie, userId } = await signInThroughApi(server, "concurrent@example.com");
    const sessionId = await checkout(cookie, "100-usd");
    fake.hold = true;
    const event = await fake.pay(sessionId);
    fake.held.length = 0;
    fake.hold = false;
    const deliveries = await Promise.all([1, 2, 3, 4].map(() => fake.deliver(event)));
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200]);
    expect(await account(userId)).toEqual({ credits: 100, debt: 0 });
  });

  it("waits for an asynchronous payment to succeed before granting", async () => {
    const { cookie, userId } = await signInThroughApi(server, "async@example.com");
    const sessionId = await checkout(cookie, "100-usd");
    await fake.pay(sessionId, { async: true });
    expect(fake.deliveries.at(-1)).toMatchObject({ type: "checkout.session.completed", status: 200 });
    expect(await account(userId)).toEqual({ credits: 0, debt: 0 });
    await fake.settleAsync(sessionId);
    expect(await account(userId)).toEqual({ credits: 100, debt: 0 });
  });

  it("refuses forged deliveries with 400 and grants nothing, then takes the real one", async () => {
    const { cookie, userId } = await signInThroughApi(server, "forged@example.com");
    const sessionId = await checkout(cookie, "100-usd");
    fake.hold = true;
    const event = await fake.pay(sessionId);
    fake.held.length = 0;
    fake.hold = false;

    for (const how of ["wrong-secret", "tampered-body", "no-signature", "stale-timestamp"] as const) {
      const delivery = await fake.deliverForged(event, how);
      expect({ how, status: delivery.status }).toEqual({ how, status: 400 });
    }
    // A body that is not even JSON, with no signature.
    const junk = await fetch(fake.webhookUrl, { method: "POST", body: "credits please" });
    expect(junk.status).toBe(400);
    expect(await account(userId)).toEqual({ credits: 0, debt: 0 });

    expect((await fake.deliver(event)).status).toBe(200);
    expect(await account(userId)).toEqual({ credits: 100, debt: 0 });
  });

  it("a refund takes the credits back, a debt blocks spending, and the next purchase settles it", async () => {
    const { cookie, userId } = await signInThroughApi(server, "refund@example.com");
    const bought = await checkout(cookie, "100-usd");
    await fake.pay(bought);
    const spent = await createStyle(cookie);
    expect(spent.status).toBe(201);
    const afterSpending = (await account(userId)).credits;
    expect(afterSpending).toBeLessThan(100);

    // Delivered twice: taken back once.
    fake.hold = true;
    await fake.refund(bought);
    await fake.release({ times: 2 });
    fake.hold = false;
    const owed = 100 - afterSpending;
    expect(await account(userId)).toEqual({ credits: 0, debt: owed });

    const refused = await createStyle(cookie);
    expect(refused.status).toBe(402);
    const { error } = (await refused.json()) as { error: { message: string; details: { debt: number } } };
    expect(error.message).toBe(
      `Your account owes ${owed} credits after a refunded or disputed payment. Buy credits to settle it before spending more. You were not charged.`,
    );
    expect(error.details.debt).toBe(owed);

    const settling = await checkout(cookie, "100-usd");
    await fake.pay(settling);
    expect(await account(userId)).toEqual({ credits: 100 - owed, debt: 0 });
    expect((await createStyle(cookie)).status).toBe(201);

    const lines = (await history(cookie)).slice(1, 3);
    expect(lines.map((e) => [describeCreditEntry(e), e.delta, e.debtDelta, e.balanceAfter])).toEqual([
      [`Bought 100 credits (${owed} settled what was owed)`, 100 - owed, -owed, 100 - owed],
      [`Taken back: a payment for credits was refunded (${owed} more than the balance: owed)`, -afterSpending, owed, 0],
    ]);
    // The history still sums to the balance.
    const all = await history(cookie);
    expect(all.reduce((sum, e) => sum + e.delta, 0)).toBe((await account(userId)).credits);
  });

  it("a partial refund takes its share; a lost dispute takes the rest; a won one nothing", async () => {
    const { cookie, userId } = await signInThroughApi(server, "dispute@example.com");
    const sessionId = await checkout(cookie, "500-usd");
    await fake.pay(sessionId);
    await fake.refund(sessionId, 500); // a quarter of $20.00
    expect(await account(userId)).toEqual({ credits: 375, debt: 0 });

    const won = await checkout(cookie, "100-usd");
    await fake.pay(won);
    await fake.closeDispute(won, "won");
    expect(await account(userId)).toEqual({ credits: 475, debt: 0 });

    // The dispute's event comes before the earlier refund's replay: the total stays right.
    fake.hold = true;
    await fake.closeDispute(sessionId, "lost");
    fake.hold = false;
    await fake.release({ times: 2 });
    expect(await account(userId)).toEqual({ credits: 100, debt: 0 });
    const [purchase] = await database.db
      .select()
      .from(creditPurchases)
      .where(eq(creditPurchases.checkoutSessionId, sessionId));
    expect(purchase!.creditsTakenBack).toBe(500);
    const [latest] = await history(cookie);
    expect(describeCreditEntry(latest!)).toBe("Taken back: a payment for credits was disputed and lost");
    expect(latest!.delta).toBe(-375);
  });

  it("takes back a refund that arrives before its purchase's completion, once", async () => {
    const { cookie, userId } = await signInThroughApi(server, "early-refund@example.com");
    const sessionId = await checkout(cookie, "500-usd");
    fake.hold = true;
    await fake.pay(sessionId);
    await fake.refund(sessionId);
    fake.hold = false;
    const deliveries = await fake.release({ reversed: true });
    expect(deliveries.map((d) => [d.type, d.status])).toEqual([
      ["charge.refunded", 200],
      ["checkout.session.completed", 200],
    ]);
    expect(await account(userId)).toEqual({ credits: 0, debt: 0 });
    const lines = await database.db.select().from(creditLedger).where(eq(creditLedger.workspaceId, userId));
    expect(lines.map((l) => [l.reason, l.delta]).sort()).toEqual([
      ["purchase", 500],
      ["purchase_refunded", -500],
    ]);
  });
});

describe("without Stripe", () => {
  let database: DatabaseHandle;
  let server: ApiTestServer;
  beforeAll(async () => {
    database = await testDatabases[0]!.open();
    server = await startApiServer(database, { SIGNIN_LIMIT_PER_IP: "1000" });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it("answers 404 for the packs, checkout and the webhook", async () => {
    const { cookie } = await signInThroughApi(server, "nostripe@example.com");
    expect((await server.call("/api/credits/packs", { cookie })).status).toBe(404);
    const body = { method: "POST", json: { packId: "100-usd" }, cookie };
    expect((await server.call("/api/credits/checkout", body)).status).toBe(404);
    expect((await fetch(`${server.url}/api/stripe/webhook`, { method: "POST", body: "{}" })).status).toBe(404);
  });
});
