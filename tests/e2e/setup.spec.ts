import { expect, test, type Page } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expectNoViolations } from "./support/axe";
import { countMails, signInWithApi, uniqueEmail } from "./support/auth";
import { instanceDatabase } from "./support/instance-database";
import { e2ePorts } from "./support/ports";
import { startServerProcess, waitForHealth } from "./support/server-process";

// Every instance names its operators in ADMIN_EMAILS (playwright.config.ts), so no other
// test's account becomes one by signing in first; each its own, since sign-in links to one
// address from two instances at once could cross.
const OPERATOR = "operator@example.com";
const OPENAI_OPERATOR = "operator-openai@example.com";
const openaiBase = `http://localhost:${e2ePorts.openaiApp}`;
const banner = (page: Page) => page.getByRole("complementary", { name: "Image engine" });
const screenshotDir = process.env.SETUP_SCREENSHOTS;

async function openSetupFromMenu(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Setup" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Setup" })).toBeVisible();
}

test("the operator is told the preview engine makes the images, and can hide that until the next visit", async ({
  page,
  browser,
}) => {
  // Two browser sessions, a test e-mail and several page loads.
  test.slow();
  await signInWithApi(page, OPERATOR);
  await page.goto("/app");
  await expect(banner(page)).toContainText("Images are made by the preview engine, not an AI model.");
  await banner(page).getByRole("link", { name: "Connect a real model" }).click();
  await expect(page).toHaveURL(/\/app\/setup$/);
  await expect(page.getByRole("heading", { name: "Connect a real model" })).toBeVisible();
  for (const name of ["IMAGE_PROVIDER", "OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_IMAGE_MODEL"]) {
    await expect(page.getByRole("rowheader", { name, exact: true })).toBeVisible();
  }
  // No model card yet, so no Test connection button: the last step does not send the operator looking for one.
  const connect = page.getByRole("region", { name: "Connect a real model" });
  await expect(connect).toContainText("the model gets its own card at the top of this page");
  await expect(connect).not.toContainText("Test connection");
  await expect(page.getByRole("button", { name: "Test connection" })).toHaveCount(0);
  // On the setup page the banner does not link to the page it is on: it points down to the steps.
  const here = banner(page).getByRole("link", { name: "Connect a real model" });
  await expect(here).toHaveAttribute("href", "#connect");
  await page.evaluate(() => window.scrollTo(0, 0));
  await here.click();
  await expect(page).toHaveURL(/\/app\/setup#connect$/);
  await expect(page.getByRole("heading", { name: "Connect a real model" })).toBeInViewport();
  await expect(page.getByRole("region", { name: "Image engine" })).toContainText("Preview engine");
  await expect(page.getByRole("region", { name: "Database" })).toContainText(
    instanceDatabase === "postgres" ? "any number of Motif processes can share it" : "An embedded PostgreSQL (PGlite)",
  );
  const mails = await countMails(page.request, OPERATOR);
  await page.getByRole("button", { name: "Send a test e-mail to me" }).click();
  await expect(page.getByRole("region", { name: "Mail" }).getByRole("status")).toContainText("Test e-mail sent");
  await expect.poll(() => countMails(page.request, OPERATOR)).toBe(mails + 1);

  await banner(page).getByRole("button", { name: "Hide this notice until your next visit" }).click();
  await expect(banner(page)).toHaveCount(0);
  // Hidden for the rest of this visit, on every page and after a reload…
  await page.goto("/app/style");
  await expect(page.getByRole("heading", { level: 1, name: "Styles" })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  // …and back on the next visit (a new browser session with the same sign-in).
  const cookies = (await page.context().cookies()).filter((c) => c.name !== "motif_setup_banner");
  const nextVisit = await browser.newContext();
  await nextVisit.addCookies(cookies);
  const again = await nextVisit.newPage();
  await again.goto("/app");
  await expect(banner(again)).toBeVisible();
  await nextVisit.close();
});

test("the operator of an instance with two models tests each connection and sees it work, without spending credits", async ({
  page,
}) => {
  await signInWithApi(page, OPENAI_OPERATOR, openaiBase);
  await page.goto(`${openaiBase}/app`);
  await expect(page.getByTestId("credit-badge")).toContainText("100");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  await openSetupFromMenu(page);
  const engine = page.getByRole("region", { name: "OpenAI Images API" });
  await expect(engine.getByText("Default", { exact: true })).toBeVisible();
  await expect(engine).toContainText("gpt-image-1.5");
  await expect(engine).toContainText(`127.0.0.1:${e2ePorts.openai} (OPENAI_BASE_URL)`);
  await expect(engine).not.toContainText("sk-test");
  await engine.getByRole("button", { name: "Test connection" }).click();
  const result = engine.getByRole("status");
  await expect(result).toContainText(/Connected in \d+ ms/);
  await expect(result).toContainText(
    `Connected to 127.0.0.1:${e2ePorts.openai}: the key works and gpt-image-1.5 is available.`,
  );
  const gemini = page.getByRole("region", { name: "Google Gemini" });
  await expect(gemini).toContainText("gemini-2.5-flash-image");
  await expect(gemini).toContainText(`127.0.0.1:${e2ePorts.gemini} (GEMINI_BASE_URL)`);
  await expect(gemini).not.toContainText("gemini-test-key");
  await gemini.getByRole("button", { name: "Test connection" }).click();
  await expect(gemini.getByRole("status")).toContainText(/Connected in \d+ ms/);
  await expect(gemini.getByRole("status")).toContainText("gemini-2.5-flash-image");
  // The buttons are there, so the last step names them.
  await expect(page.getByRole("region", { name: "Change or add models" })).toContainText(
    "3. Come back here and press Test connection on the model's card above.",
  );
  await expectNoViolations(page, "setup page with a connection result");
  if (screenshotDir) await engine.screenshot({ path: `${screenshotDir}/engine-openai.png` });
  await page.reload();
  await expect(page.getByTestId("credit-badge")).toContainText("100");
});

test.describe("an instance offering the preview engine beside a real model", () => {
  const port = e2ePorts.mixedModelsApp;
  const base = `http://localhost:${port}`;
  const operator = "operator-mixed@example.com";
  let dataDir: string;
  let server: ReturnType<typeof startServerProcess>;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "motif-mixed-models-"));
    server = startServerProcess(port, dataDir, {
      PUBLIC_URL: base,
      SMTP_URL: `smtp://127.0.0.1:${e2ePorts.smtp}`,
      SIGNIN_LIMIT_PER_IP: "1000",
      IMAGE_PROVIDERS: "openai,offline",
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: `http://127.0.0.1:${e2ePorts.openai}/v1`,
      ADMIN_EMAILS: operator,
    });
    await waitForHealth(port);
  });
  test.afterAll(async () => {
    server?.child.kill("SIGKILL");
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the preview engine's card says a real model is connected, not to connect one", async ({ page }) => {
    await signInWithApi(page, operator, base);
    await page.goto(`${base}/app/setup`);
    await expect(page.getByRole("heading", { level: 1, name: "Setup" })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await expect(
      page.getByRole("region", { name: "OpenAI Images API" }).getByText("Default", { exact: true }),
    ).toBeVisible();
    const preview = page.getByRole("region", { name: "Preview engine" });
    await expect(preview).toContainText("A real model is connected too");
    await expect(preview).not.toContainText("Connect a real model");
    await expect(page.getByRole("heading", { name: "Change or add models" })).toBeVisible();
    await expectNoViolations(page, "setup page with the preview engine beside a real model");
  });
});

test("the operator gives an account credits from the setup page, and the account's open page shows them", async ({
  page,
  browser,
}) => {
  const person = await browser.newPage();
  const email = uniqueEmail("granted");
  await signInWithApi(person, email);
  await person.goto("/app");
  const badge = person.getByTestId("credit-badge");
  const me = (await (await person.request.get("/api/users/me")).json()) as { user: { credits: number } };
  const before = me.user.credits;
  await expect(badge).toHaveText(String(before));

  await signInWithApi(page, OPERATOR);
  await page.goto("/app/setup");
  const section = page.getByRole("region", { name: "Give credits" });
  await section.getByLabel("Account's e-mail address").fill("not an address");
  await section.getByLabel("Credits").fill("25");
  await section.getByRole("button", { name: "Grant credits" }).click();
  await expect(section.getByText("Enter the account's e-mail address.")).toBeVisible();

  await section.getByLabel("Account's e-mail address").fill(email);
  await section.getByRole("button", { name: "Grant credits" }).click();
  await expect(page.getByText(`Granted 25 credits to ${email}: balance ${before + 25}.`).first()).toBeVisible();
  await expect(section.getByLabel("Account's e-mail address")).toHaveValue("");
  // The account's open page follows at once.
  await expect(badge).toHaveText(String(before + 25));
  await expectNoViolations(page, "setup page with the credits form");
  await person.close();
});

test("anyone else gets the 404 page and the API's 404, and no Setup in their menu", async ({ page }) => {
  await signInWithApi(page, uniqueEmail("not-operator"));
  await page.goto("/app");
  await expect(page.getByTestId("credit-badge")).toContainText("100");
  await expect(banner(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Setup" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  const response = await page.goto("/app/setup");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-message")).toHaveText("Page not found: /app/setup");
  const api = await page.request.get("/api/setup");
  expect(api.status()).toBe(404);
  const check = await page.request.post("/api/setup/test-connection", {
    headers: { Origin: `http://localhost:${e2ePorts.app}` },
  });
  expect(check.status()).toBe(404);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the setup page, the banner and the labelled landing page fit at 375 and 1440 px in ${colorScheme} mode`, async ({
    page,
  }) => {
    // Six page loads with checks and screenshots: more than the default timeout allows on a busy machine.
    test.slow();
    await page.emulateMedia({ colorScheme });
    // An operator of its own: another spec reads operator-2's mail (a credit request) meanwhile.
    await signInWithApi(page, `operator-setup-${colorScheme}@example.com`);
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, path, heading] of [
        ["setup", "/app/setup", "Setup"],
        ["home", "/app", undefined],
        ["landing", "/", undefined],
      ] as const) {
        await page.goto(path);
        await expect(
          heading ? page.getByRole("heading", { level: 1, name: heading }) : page.locator("h1").first(),
        ).toBeVisible();
        if (path !== "/") await expect(banner(page)).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
        if (screenshotDir) {
          await page.screenshot({
            path: `${screenshotDir}/${name}-${width}-${colorScheme}.png`,
            fullPage: name !== "home",
          });
        }
      }
    }
    await page.goto("/app/setup");
    await expectNoViolations(page, `${colorScheme} setup page`);
  });
}

test("the landing page labels its pictures as example art, not output", async ({ page }) => {
  await page.goto("/");
  const notes = page.getByText("Illustrations drawn to show the idea, not images Motif generated.");
  await expect(notes).toHaveCount(2);
  await expect(notes.first()).toContainText("Example art");
});
