import { expect, test, type Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import {
  countMails,
  latestLoginLink,
  requestLoginLink,
  signIn,
  signInToApp,
  signInWithApi,
  uniqueEmail,
} from "./support/auth";
import { e2ePorts } from "./support/ports";
import { createStyleInUi } from "./support/styles";

const signupNotice = (page: Page) => page.getByRole("complementary", { name: "Sign-up credits" });

test("log out from the account menu goes to / and ends the session", async ({ page }) => {
  await signInToApp(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === "motif_session")!;
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();

  // Replaying the old cookie gets nothing.
  await page.context().addCookies([cookie]);
  await page.goto("/app");
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test("a failing logout shows the Logout Error toast and keeps you signed in", async ({ page }) => {
  await signInToApp(page);
  await page.route("**/api/auth/token", (route) =>
    route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "{}" }) : route.continue(),
  );
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.locator('[data-toast-id][data-color="error"]')).toContainText("Logout error");
  await expect(page).toHaveURL(/\/app$/);
});

test("another tab follows a sign-out", async ({ page, context }) => {
  await signInToApp(page);
  const other = await context.newPage();
  await other.goto("/app/settings");
  await expect(other.getByRole("heading", { name: "Settings" })).toBeVisible();
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(other).toHaveURL(/\/auth\/login/);
});

test("another tab follows a sign-in", async ({ page, context }) => {
  const waiting = await context.newPage();
  await waiting.goto("/auth/login");
  // Through the link, as a person signs in: the verify page tells the other tabs.
  await signIn(page);
  await expect(waiting).toHaveURL(/\/app$/);
});

test("settings show the e-mail, the balance and the colour mode", async ({ page }) => {
  const email = await signInToApp(page);
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByTestId("account-email")).toHaveText(email);
  await expect(page.getByTestId("settings-credits")).toHaveText("100 credits");
  await page.getByText("dark", { exact: true }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
});

test("the credit history shows each change of the balance, and follows new ones live", async ({ page, context }) => {
  await signInToApp(page);
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);
  const history = page.getByRole("list", { name: "Credit history" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history.getByRole("listitem").first()).toContainText("Sign-up credits");
  await expect(history.getByRole("listitem").first()).toContainText("+100");

  // A style made in another tab appears here without a reload.
  const other = await context.newPage();
  await other.goto("/app/style");
  await createStyleInUi(other, { name: "Ledger icons", description: "Flat icons, two colours" });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem").first()).toContainText("Sample images for “Ledger icons”");
  await expect(history.getByRole("listitem").first()).toContainText("−12");
  await expect(history.getByRole("listitem").first()).toContainText("balance 88");
  await expect(page.getByTestId("settings-credits")).toHaveText("88 credits");
});

test("a failing balance read shows the Credit Balance Error toast", async ({ page }) => {
  await signInToApp(page);
  await page.route("**/api/users/me", (route) => route.fulfill({ status: 500, body: "{}" }));
  await page.reload();
  await expect(page.locator('[data-toast-id][data-color="error"]')).toContainText("Credit balance error");
});

test("delete the account: the address typed to confirm, success toast, home page, and the old cookie is dead", async ({
  page,
}) => {
  const email = await signInToApp(page);
  // A first account has its sign-up credits: nothing to explain.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(signupNotice(page)).toHaveCount(0);
  const cookie = (await page.context().cookies()).find((c) => c.name === "motif_session")!;
  await page.goto("/app/settings");
  await expect(page.getByTestId("settings-credits")).toHaveText("100 credits");
  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  // It says what goes, and that it is for good.
  await expect(dialog).toContainText("your styles, objects and images");
  await expect(dialog).toContainText("your balance of 100 credits and its history");
  await expect(dialog).toContainText("your API keys");
  await expect(dialog).toContainText("This cannot be undone.");
  // The button waits for the account's own address: case and spaces aside.
  const field = dialog.getByLabel(`To confirm, type ${email}`);
  await expect(field).toBeFocused();
  const confirm = dialog.getByRole("button", { name: "Delete my account" });
  await expect(confirm).toBeDisabled();
  await field.fill(`someone-else-${email}`);
  await expect(confirm).toBeDisabled();
  await field.press("Enter");
  await expect(dialog).toBeVisible();
  await field.fill(`  ${email.toUpperCase()} `);
  await expect(confirm).toBeEnabled();
  await confirm.click();

  const toast = page.locator('[data-toast-id][data-color="success"]');
  await expect(toast).toContainText("Account deleted");
  await expect(toast).toContainText("Your account has been successfully deleted.");
  await expect(page).toHaveURL(/\/$/);

  await page.context().addCookies([cookie]);
  const me = await page.request.get("/api/users/me");
  expect(me.status()).toBe(401);

  // The same address can start afresh, but not with a second sign-up grant; its history says why.
  const before = await countMails(page.request, email);
  await requestLoginLink(page, email);
  await page.goto(await latestLoginLink(page.request, email, before));
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByTestId("credit-badge")).toHaveText("0");
  // Said on arrival, not only in the history: why 0, and how to get credits (no Stripe here).
  await expect(signupNotice(page)).toContainText("This account starts with 0 credits.");
  await expect(signupNotice(page)).toContainText("already had its free sign-up credits, with an earlier account");
  await expect(signupNotice(page)).toContainText("ask the person who runs this Motif");
  // The badge leads to the credits page: the balance, its history and how to get more.
  await page.getByTestId("credit-badge").click();
  await expect(page).toHaveURL(/\/app\/credits$/);
  const history = page.getByRole("list", { name: "Credit history" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history.getByRole("listitem").first()).toContainText("No sign-up credits: this address had them before");
  await expect(history.getByRole("listitem").first()).toContainText("balance 0");
  await expect(page.getByTestId("credits-balance")).toHaveText("0 credits");
  await expect(page.getByRole("button", { name: "Request credits" })).toBeVisible();
  // It stays while the person moves between pages, and is not said again on the next visit.
  await expect(signupNotice(page)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("credits-balance")).toHaveText("0 credits");
  await expect(signupNotice(page)).toHaveCount(0);
});

test("an address signed up again is told on arrival why it has 0 credits, with a way to buy some, in both themes", async ({
  page,
}) => {
  // Two sign-ups, a deletion and two page loads with checks on the instance that sells credits.
  test.slow();
  const base = `http://localhost:${e2ePorts.openaiApp}`;
  const email = uniqueEmail("again");
  await signInWithApi(page, email, base);
  const deleted = await page.request.delete(`${base}/api/users/user`, { headers: { Origin: base } });
  expect(await deleted.json()).toEqual({ success: true });
  await signInWithApi(page, email, base);

  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`${base}/app`);
  await expect(page.getByTestId("credit-badge")).toHaveText("0");
  const notice = signupNotice(page);
  await expect(notice).toContainText("This account starts with 0 credits.");
  await expect(notice.getByRole("link", { name: "Buy credits" })).toHaveAttribute("href", "/app/credits");
  await expectNoViolations(page, "dark app shell with the sign-up credits notice");
  await page.emulateMedia({ colorScheme: "light" });
  await expectNoViolations(page, "light app shell with the sign-up credits notice");

  // Closed from the keyboard, the focus stays in the page.
  const close = notice.getByRole("button", { name: "Close this notice" });
  await close.focus();
  await page.keyboard.press("Enter");
  await expect(notice).toHaveCount(0);
  await expect(page.locator("main")).toBeFocused();

  // Told once: the next visit does not say it again.
  await page.goto(`${base}/app`);
  await expect(page.getByTestId("credit-badge")).toHaveText("0");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(signupNotice(page)).toHaveCount(0);
});

test("a failing deletion shows the User Deletion Error toast", async ({ page }) => {
  const email = await signInToApp(page);
  await page.route("**/api/users/user", (route) =>
    route.fulfill({ status: 200, body: JSON.stringify({ success: false }) }),
  );
  await page.goto("/app/settings");
  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await dialog.getByLabel(/^To confirm, type/).fill(email);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  const toast = page.locator('[data-toast-id][data-color="error"]');
  await expect(toast).toContainText("User deletion error");
  await expect(toast).toContainText("There was an error deleting your account. Please try again.");
  await expect(page).toHaveURL(/\/app\/settings$/);
  // Still there to try again, or to leave.
  await expect(dialog.getByRole("button", { name: "Delete my account" })).toBeEnabled();
});

test("the delete-account question works from the keyboard and, left without deleting, gives the focus back", async ({
  page,
}) => {
  const email = await signInToApp(page);
  await page.goto("/app/settings");
  const trigger = page.getByRole("button", { name: "Delete account" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await expect(dialog.getByLabel(`To confirm, type ${email}`)).toBeFocused();
  await page.keyboard.type("half-typed");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // Opened again: nothing kept from before. Cancel, reached with Tab, closes it the same way.
  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel(`To confirm, type ${email}`)).toHaveValue("");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // The account is still there.
  expect((await page.request.get("/api/users/me")).status()).toBe(200);
});

test.describe("the signed-in shell on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("navigation opens as a sheet", async ({ page }) => {
    await signInToApp(page);
    await expect(page.getByRole("navigation", { name: "App" })).toBeHidden();
    await page.getByRole("button", { name: "Open navigation" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Styles" }).click();
    await expect(page).toHaveURL(/\/app\/style$/);
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("heading", { name: "Styles", level: 1 })).toBeVisible();
  });
});
