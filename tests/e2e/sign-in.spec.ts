import { expect, test } from "@playwright/test";
import { countMails, latestLoginLink, requestLoginLink, signIn, uniqueEmail } from "./support/auth";
import { e2ePorts } from "./support/ports";

test("sign in with an e-mail link, then land on /app with the sign-up credits", async ({ page }) => {
  const email = uniqueEmail("first");
  await requestLoginLink(page, email);
  expect(await page.evaluate(() => localStorage.getItem("loginEmail"))).toBe(email);

  const link = await latestLoginLink(page.request, email);
  expect(link.startsWith(`http://localhost:${e2ePorts.app}/auth/verify?token=`)).toBe(true);
  await page.goto(link);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByTestId("credit-badge")).toContainText("100");
  expect(await page.evaluate(() => localStorage.getItem("loginEmail"))).toBeNull();

  // The session cookie is HttpOnly: page scripts cannot read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain("motif_session");
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "motif_session")).toMatchObject({ httpOnly: true, sameSite: "Lax" });

  // Signed in, the login page sends you on to the app.
  await page.goto("/auth/login");
  await expect(page).toHaveURL(/\/app$/);
});

test("after sign-in the user returns to the page they first wanted", async ({ page }) => {
  const email = uniqueEmail("return");
  await page.goto("/app/settings");
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fapp%2Fsettings$/);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await page.goto(await latestLoginLink(page.request, email));
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(page.getByTestId("account-email")).toHaveText(email);
});

test("a link opened on a second device asks for the e-mail, then signs in", async ({ page, browser }) => {
  const email = uniqueEmail("second-device");
  await requestLoginLink(page, email);
  const link = await latestLoginLink(page.request, email);

  const otherDevice = await browser.newContext();
  const other = await otherDevice.newPage();
  await other.goto(link);
  const prompt = other.getByLabel("Please provide your email for confirmation");
  await expect(prompt).toBeVisible();
  await prompt.fill(email);
  await other.getByRole("button", { name: "Continue" }).click();
  await expect(other).toHaveURL(/\/app$/);
  await expect(other.getByTestId("credit-badge")).toContainText("100");
  await otherDevice.close();
});

test("a wrong e-mail at the prompt shows Login Error, then logs out to /auth/login after 5 s", async ({
  browser,
  page,
}) => {
  const email = uniqueEmail("wrong");
  await requestLoginLink(page, email);
  const link = await latestLoginLink(page.request, email);

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  await other.getByLabel("Please provide your email for confirmation").fill(uniqueEmail("someone-else"));
  await other.getByRole("button", { name: "Continue" }).click();
  const toast = other.locator('[data-toast-id][data-color="error"]');
  await expect(toast).toContainText("Login Error");
  await expect(toast).toContainText("There was an error logging you in. Please try again.");
  const failedAt = Date.now();
  await expect(other).toHaveURL(/\/auth\/login$/, { timeout: 8_000 });
  expect(Date.now() - failedAt).toBeGreaterThanOrEqual(4_000);
  await context.close();

  // The link still belongs to its owner.
  await page.goto(link);
  await expect(page).toHaveURL(/\/app$/);
});

test("a used link is refused", async ({ page, browser }) => {
  const email = await signIn(page);
  const link = await latestLoginLink(page.request, email);
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  await other.getByLabel("Please provide your email for confirmation").fill(email);
  await other.getByRole("button", { name: "Continue" }).click();
  await expect(other.locator("[data-toast-id]")).toContainText("Login Error");
  await expect(other).toHaveURL(/\/auth\/login$/, { timeout: 8_000 });
  await context.close();
});

test("an expired link is refused", async ({ page }) => {
  const base = `http://localhost:${e2ePorts.shortLinks}`;
  const email = uniqueEmail("expired");
  await page.goto(`${base}/auth/login`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  const link = await latestLoginLink(page.request, email);
  expect(link.startsWith(`${base}/auth/verify`)).toBe(true);
  // These links live for 3 s.
  await page.waitForTimeout(3_500);
  await page.goto(link);
  await expect(page.locator("[data-toast-id]")).toContainText("Login Error");
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 8_000 });
});

test("a mail scanner's GET or HEAD of the link consumes nothing", async ({ page, request }) => {
  const email = uniqueEmail("scanner");
  await requestLoginLink(page, email);
  const link = await latestLoginLink(page.request, email);
  const head = await request.head(link);
  expect(head.status()).toBe(200);
  const get = await request.get(link);
  expect(get.status()).toBe(200);
  expect(get.headers()["set-cookie"] ?? "").not.toContain("motif_session");
  // The person's click still works afterwards.
  await page.goto(link);
  await expect(page).toHaveURL(/\/app$/);
});

test("sending too many links shows the rate-limit message", async ({ page }) => {
  const email = uniqueEmail("limited");
  await page.goto("/auth/login");
  for (let i = 0; i < 5; i++) {
    const response = await page.request.post("/api/auth/signin-email", {
      data: { email },
      headers: { Origin: `http://localhost:${e2ePorts.app}` },
    });
    expect(response.status()).toBe(200);
  }
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  const toast = page.locator('[data-toast-id][data-color="error"]');
  await expect(toast).toContainText("Login Link Error");
  await expect(toast).toContainText("Too many sign-in attempts");
  await expect(page.getByRole("heading", { name: "Sign in to Motif" })).toBeVisible();
});

test("an invalid address gets a field message, not a request", async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByLabel("E-mail address").fill("not-an-address");
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("alert")).toHaveText("Enter a valid e-mail address, like you@example.com.");
  expect(await countMails(page.request, "not-an-address")).toBe(0);
});

test("a failing send shows the Login Link Error toast", async ({ page }) => {
  await page.route("**/api/auth/signin-email", (route) => route.fulfill({ status: 500, body: "{}" }));
  await page.goto("/auth/login");
  await page.getByLabel("E-mail address").fill(uniqueEmail("broken"));
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  const toast = page.locator('[data-toast-id][data-color="error"]');
  await expect(toast).toContainText("Login Link Error");
  await expect(toast).toContainText("There was an error sending the login link. Please try again.");
});

test("the verify page without a link goes to the login page", async ({ page }) => {
  await page.goto("/auth/verify");
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("sign in with GitHub", async ({ page }) => {
  await page.goto("/auth/login");
  await page.getByRole("link", { name: "Continue with GitHub" }).click();
  await expect(page.getByRole("heading", { name: "Authorize Motif" })).toBeVisible();
  await page.getByRole("link", { name: "Authorize" }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByTestId("credit-badge")).toContainText("100");
});
