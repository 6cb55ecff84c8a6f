import { expect, test } from "@playwright/test";
import { creditRequestMail, signInToApp, signInWithApi, uniqueEmail } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { e2ePorts } from "./support/ports";

// This instance sells credits through a local fake of Stripe's API; the others do not.
const base = `http://localhost:${e2ePorts.openaiApp}`;
const stripe = `http://127.0.0.1:${e2ePorts.stripe}`;

test("buy a pack through Stripe Checkout: the balance and the history follow the webhook live", async ({ page }) => {
  await signInToApp(page, uniqueEmail("buyer"), base);
  await page.getByTestId("credit-badge").click();
  await expect(page).toHaveURL(`${base}/app/credits`);
  await expect(page.getByRole("heading", { name: "Buy credits" })).toBeVisible();
  const packs = page.getByRole("list", { name: "Credit packs" });
  await expect(packs.getByRole("listitem")).toHaveCount(2);
  await expect(packs.getByRole("listitem").first()).toContainText("100 credits");
  await expect(packs.getByRole("listitem").first()).toContainText("$5.00");

  // Stripe's webhook is held back, so the page is seen before it arrives and after.
  expect((await page.request.post(`${stripe}/__control`, { data: { action: "hold" } })).ok()).toBe(true);
  await page.getByRole("button", { name: "Buy 500 credits for $20.00" }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe}/pay/cs_test_`));
  await expect(page.getByTestId("checkout-item")).toHaveText("500 Motif credits");
  await page.getByRole("button", { name: "Pay $20.00" }).click();

  await expect(page).toHaveURL(new RegExp(`^${base}/app/credits\\?checkout=success&session_id=cs_test_`));
  await expect(page.getByTestId("checkout-notice")).toContainText("Payment of $20.00 received");
  await expect(page.getByTestId("credit-badge")).toHaveText("100");
  const history = page.getByRole("list", { name: "Credit history" });
  await expect(history.getByRole("listitem")).toHaveCount(1);

  // Delivered twice, as Stripe may: granted once, and the open page follows without a reload.
  const released = await page.request.post(`${stripe}/__control`, { data: { action: "release", times: 2 } });
  expect(((await released.json()) as { deliveries: { status: number }[] }).deliveries.map((d) => d.status)).toEqual([
    200, 200,
  ]);
  await expect(page.getByTestId("credit-badge")).toHaveText("600");
  await expect(page.getByTestId("credits-balance")).toHaveText("600 credits");
  await expect(page.getByTestId("checkout-notice")).toContainText("500 credits were added to your balance");
  await expect(history.getByRole("listitem")).toHaveCount(2);
  const line = history.getByRole("listitem").first();
  await expect(line).toContainText("Bought 500 credits");
  await expect(line).toContainText("+500");
  await expect(line).toContainText("balance 600");
  await expect(line.getByRole("link", { name: /Receipt/ })).toHaveAttribute(
    "href",
    new RegExp(`^${stripe}/receipts/ch_test_`),
  );
});

test("a short balance in the composer offers Buy credits, and the account menu does too", async ({ page }) => {
  await signInToApp(page, uniqueEmail("short"), base);
  await page.getByLabel("Objects", { exact: true }).fill("Chest\nPotion\nSword\nShield\nKey");
  await page.getByRole("group", { name: "Detail" }).getByText("High", { exact: true }).click();
  await expect(page.getByTestId("composer-short")).toContainText("you have 100");
  await expect(
    page.getByTestId("composer-cheaper").getByRole("button", { name: /^Draft would cost 15/ }),
  ).toBeVisible();
  // Credits are for sale here: nobody needs to ask the operators.
  await expect(page.getByRole("button", { name: "Request credits" })).toHaveCount(0);
  await page.getByTestId("composer-buy-credits").click();
  await expect(page).toHaveURL(`${base}/app/credits`);
  await expect(page.getByRole("heading", { name: "Buy credits" })).toBeVisible();

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Buy credits" })).toBeVisible();
});

test("without Stripe the credits page shows the balance, the history and how to ask the operators", async ({
  page,
}) => {
  const email = await signInWithApi(page, uniqueEmail("asker"));
  await page.goto("/app");
  await expect(page.getByTestId("credit-badge")).toHaveAttribute("href", "/app/credits");
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Buy credits" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Credits" }).click();
  await expect(page).toHaveURL(/\/app\/credits$/);
  await expect(page.getByRole("heading", { name: "Credits", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Credits · Motif");
  await expect(page.getByTestId("credits-balance")).toHaveText("100 credits");
  await expect(page.getByRole("list", { name: "Credit packs" })).toHaveCount(0);
  const history = page.getByRole("list", { name: "Credit history" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history.getByRole("listitem").first()).toContainText("Sign-up credits");
  expect((await page.request.get("/app/credits")).status()).toBe(200);

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoViolations(page, `credits page without Stripe, ${scheme}`);
  }

  // Asking: the operators are e-mailed once; the button then says so and cannot be pressed again.
  await page.getByRole("button", { name: "Request credits" }).click();
  const dialog = page.getByRole("dialog", { name: "Request credits" });
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(page.locator("[data-toast-id]").filter({ hasText: "Credits requested" })).toBeVisible();
  const mail = await creditRequestMail(page.request, "operator@example.com", email);
  expect(mail.text).toContain("Their balance: 100 credits.");
  expect(mail.text).not.toContain("Their note");
  const sent = page.getByTestId("request-credits");
  await expect(sent).toHaveText("Request sent");
  await expect(sent).toBeDisabled();
  await expect(sent).toBeFocused();
  await sent.click({ force: true });
  await expect(dialog).toHaveCount(0);
  await expect(page.locator("[data-toast-id]").filter({ hasText: "Already requested" })).toHaveCount(0);

  // A new page does not know: asking again within the hour is refused in words, and the button says it was sent.
  await page.reload();
  await page.getByRole("button", { name: "Request credits" }).click();
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(page.locator("[data-toast-id]").filter({ hasText: "Already requested" })).toContainText(
    "You already asked for credits in the last hour. You can ask again in 60 minutes.",
  );
  await expect(dialog).toHaveCount(0);
  await expect(sent).toHaveText("Request sent");
  await expect(sent).toBeDisabled();
});
