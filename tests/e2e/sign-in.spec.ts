import { expect, test } from "@playwright/test";
import { countMails, latestLoginLink, requestLoginLink, uniqueEmail, waitForHydration } from "./support/auth";
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
  await expect(other.getByRole("heading", { name: "Please provide your email for confirmation" })).toBeVisible();
  await expect(other.getByText("You opened this link on a different device")).toBeVisible();
  const prompt = other.getByLabel("E-mail address");
  await expect(prompt).toBeFocused();
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
  await other.getByLabel("E-mail address").fill(uniqueEmail("someone-else"));
  await other.getByRole("button", { name: "Continue" }).click();
  const toast = other.locator('[data-toast-id][data-color="error"]');
  await expect(toast).toContainText("Login error");
  await expect(toast).toContainText("There was an error logging you in. Please try again.");
  const failedAt = Date.now();
  await expect(other).toHaveURL(/\/auth\/login$/, { timeout: 8_000 });
  expect(Date.now() - failedAt).toBeGreaterThanOrEqual(4_000);
  await context.close();

  // The link still belongs to its owner.
  await page.goto(link);
  await expect(page).toHaveURL(/\/app$/);
});

test("a used link opened while signed in says so and goes on to the app", async ({ page }) => {
  const email = uniqueEmail("used-signed-in");
  await requestLoginLink(page, email);
  const link = await latestLoginLink(page.request, email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/app$/);

  // The same link again, from the mail, in the same browser.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: /^You[’']re already signed in$/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue to Motif" })).toHaveAttribute("href", "/app");
  await expect(page.getByText("request a new one")).toHaveCount(0);
  await expect(page.locator("[data-toast-id]")).toHaveCount(0);
  // Then on by itself, still signed in as before.
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByTestId("credit-badge")).toContainText("100");
});

test("a used link says so, on this device or another, and a new one keeps where the user was going", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("used");
  await page.goto("/auth/login?redirectTo=%2Fapp%2Fsettings");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  const link = await latestLoginLink(page.request, email);
  expect(new URL(link).searchParams.get("redirectTo")).toBe("/app/settings");
  // Used on another device first, through the prompt.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  await other.getByLabel("E-mail address").fill(email);
  await other.getByRole("button", { name: "Continue" }).click();
  await expect(other).toHaveURL(/\/app\/settings$/);
  // Opened again elsewhere: no prompt for an address and no error toast; the page says what happened.
  const third = await browser.newContext();
  const again = await third.newPage();
  await again.goto(link);
  await expect(again.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expect(again.getByText("This link has expired or was already used — request a new one.")).toBeVisible();
  await expect(again.getByRole("heading", { name: "Please provide your email for confirmation" })).toHaveCount(0);
  await expect(again.locator("[data-toast-id]")).toHaveCount(0);
  await context.close();
  await third.close();

  // This device still remembers the address: the same message, then one click to a new link.
  await page.goto(link);
  await expect(page.getByText("This link has expired or was already used — request a new one.")).toBeVisible();
  await expect(page.getByText("You opened this link on a different device")).toHaveCount(0);
  await page.getByRole("link", { name: "Request a new link" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=%2Fapp%2Fsettings$/);
  await expect(page.getByLabel("E-mail address")).toHaveValue(email);
  const before = await countMails(page.request, email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await page.goto(await latestLoginLink(page.request, email, before));
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(page.getByTestId("account-email")).toHaveText(email);
});

test("a tampered link says it has expired or was used, without asking for an address", async ({ page }) => {
  const email = uniqueEmail("tampered");
  await requestLoginLink(page, email);
  const link = new URL(await latestLoginLink(page.request, email));
  link.searchParams.set("token", `${link.searchParams.get("token")!.slice(0, -2)}xx`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(link.href);
  await expect(page.getByText("This link has expired or was already used — request a new one.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Please provide your email for confirmation" })).toHaveCount(0);
  await page.getByRole("link", { name: "Request a new link" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("a link for another address than the one this browser asked for asks which, without saying 'different device'", async ({
  page,
}) => {
  const mine = uniqueEmail("mine");
  const theirs = uniqueEmail("theirs");
  await requestLoginLink(page, theirs);
  const link = await latestLoginLink(page.request, theirs);
  await requestLoginLink(page, mine);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Please provide your email for confirmation" })).toBeVisible();
  await expect(page.getByText("This browser last asked for a link for another address.")).toBeVisible();
  await expect(page.getByText("You opened this link on a different device")).toHaveCount(0);
  await page.getByLabel("E-mail address").fill(theirs);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test("an expired link says so and offers a new one", async ({ page }) => {
  const base = `http://localhost:${e2ePorts.shortLinks}`;
  const email = uniqueEmail("expired");
  await page.goto(`${base}/auth/login`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  const link = await latestLoginLink(page.request, email);
  expect(link.startsWith(`${base}/auth/verify`)).toBe(true);
  // These links live for 9 s: wait until this one has expired.
  const token = new URL(link).searchParams.get("token");
  await expect
    .poll(
      async () => {
        const response = await page.request.post(`${base}/api/auth/link-status`, {
          data: { token },
          headers: { Origin: base },
        });
        return ((await response.json()) as { usable: boolean }).usable;
      },
      { timeout: 20_000, intervals: [1_000] },
    )
    .toBe(false);
  await page.goto(link);
  await expect(page.getByText("This link has expired or was already used — request a new one.")).toBeVisible();
  await page.getByRole("link", { name: "Request a new link" }).click();
  await expect(page).toHaveURL(`${base}/auth/login`);
  await expect(page.getByLabel("E-mail address")).toHaveValue(email);
});

test("opened at 127.0.0.1 without PUBLIC_URL, sign-in works there and the link comes back to it", async ({ page }) => {
  const base = `http://127.0.0.1:${e2ePorts.shortLinks}`;
  const email = uniqueEmail("loopback");
  await page.goto(`${base}/auth/login?redirectTo=%2Fapp%2Fsettings`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  const link = await latestLoginLink(page.request, email);
  expect(link.startsWith(`${base}/auth/verify?token=`)).toBe(true);
  await page.goto(link);
  await expect(page).toHaveURL(`${base}/app/settings`);
  await expect(page.getByTestId("credit-badge")).toContainText("250");
});

test("with PUBLIC_URL set, a sign-in from 127.0.0.1 says where Motif is served, not a mail error", async ({ page }) => {
  const served = `http://localhost:${e2ePorts.app}`;
  const email = uniqueEmail("elsewhere");
  await page.goto(`http://127.0.0.1:${e2ePorts.app}/auth/login?redirectTo=%2Fapp%2Fsettings`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  const notice = page.getByRole("alert");
  await expect(notice).toContainText(`Motif is served at ${served}; open it there to sign in.`);
  await expect(page.locator("[data-toast-id]")).toHaveCount(0);
  expect(await countMails(page.request, email)).toBe(0);
  await notice.getByRole("link", { name: `Open Motif at ${served}` }).click();
  await expect(page).toHaveURL(`${served}/auth/login?redirectTo=%2Fapp%2Fsettings`);
});

test("the redirect target survives the prompt on another device, query included; other sites are refused", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("target");
  await page.goto(`/auth/login?redirectTo=${encodeURIComponent("/app/object?sort=name")}`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  const link = await latestLoginLink(page.request, email);
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(link);
  await other.getByLabel("E-mail address").fill(email);
  await other.getByRole("button", { name: "Continue" }).click();
  await expect(other).toHaveURL(/\/app\/object\?sort=name$/);
  await context.close();

  for (const target of ["//evil.example/app", "https://evil.example/", "/\\evil.example"]) {
    const next = uniqueEmail("evil-target");
    await page.goto(`/auth/login?redirectTo=${encodeURIComponent(target)}`);
    await page.getByLabel("E-mail address").fill(next);
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    const evilLink = await latestLoginLink(page.request, next);
    expect(new URL(evilLink).searchParams.get("redirectTo")).toBeNull();
  }
});

test("an address typed before the page's script runs is kept, not run into by the remembered one", async ({ page }) => {
  const remembered = uniqueEmail("remembered");
  const typed = uniqueEmail("typed");
  await page.addInitScript((address) => localStorage.setItem("loginEmail", address), remembered);
  // The page's scripts wait until the person has typed, as on a slow phone.
  let doneTyping!: () => void;
  const typingDone = new Promise<void>((resolve) => (doneTyping = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await typingDone;
    await route.continue();
  });
  await page.goto("/auth/login", { waitUntil: "domcontentloaded" });
  await page.getByLabel("E-mail address").fill(typed);
  doneTyping();
  await waitForHydration(page);
  await expect(page.getByLabel("E-mail address")).toHaveValue(typed);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await latestLoginLink(page.request, typed);
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
  await expect(toast).toContainText("Login link error");
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
  await expect(toast).toContainText("Login link error");
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
