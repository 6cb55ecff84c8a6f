import { expect, test, type Page } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { signInWithApi } from "./support/auth";

// The landing page, terms and privacy reach visitors without React (docs/decisions/046):
// one small script runs their menu, tooltip and sheet, with the keyboard as well as the mouse.

/** The scripts a page loads, by path. */
async function scriptsLoadedBy(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  return scripts;
}

for (const path of ["/", "/terms", "/privacy"]) {
  test(`${path} loads one small script and no React`, async ({ page }) => {
    const scripts = await scriptsLoadedBy(page, path);
    expect(scripts.filter((src) => src.startsWith("/assets/"))).toEqual([
      expect.stringMatching(/^\/assets\/page-controls-/),
    ]);
    expect(scripts).toContain("/analytics.js");
  });
}

test("the sign-in page and a signed-in visitor's landing page still run the app", async ({ page }) => {
  expect((await scriptsLoadedBy(page, "/auth/login")).some((src) => src.includes("entry.client"))).toBe(true);
  await signInWithApi(page);
  expect((await scriptsLoadedBy(page, "/")).some((src) => src.includes("entry.client"))).toBe(true);
});

test.describe("colour mode from the keyboard", () => {
  test.use({ colorScheme: "light" });

  test("opens on the chosen mode, moves with the arrows, chooses with Enter and gives focus back", async ({ page }) => {
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "Colour mode: System" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Colour mode" });
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("menuitemradio", { name: "System" })).toBeFocused();
    await expect(menu.getByRole("menuitemradio", { name: "System" })).toHaveAttribute("aria-checked", "true");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitemradio", { name: "Dark" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(menu).toBeHidden();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("button", { name: "Colour mode: Dark" })).toBeFocused();

    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitemradio", { name: "Dark" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(page.getByRole("button", { name: "Colour mode: Dark" })).toBeFocused();
    // A click elsewhere closes it too, choosing nothing.
    await page.getByRole("button", { name: "Colour mode: Dark" }).click();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(page.locator("html")).toHaveClass(/dark/);
  });

  test("the tooltip shows at once on keyboard focus, and the open menu has no accessibility violations", async ({
    page,
  }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    for (
      let i = 0;
      i < 10 &&
      !(await page.getByRole("button", { name: /Colour mode/ }).evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press("Tab");
    }
    await expect(page.getByRole("tooltip")).toHaveText("Colour mode");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("tooltip")).toBeHidden();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectNoViolations(page, "static colour-mode menu");
  });
});

test.describe("the mobile sheet", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("keeps focus inside, closes on Escape and gives focus back", async ({ page }) => {
    await page.goto("/terms");
    const opener = page.getByRole("button", { name: "Open navigation" });
    await opener.click();
    const sheet = page.getByRole("dialog", { name: "Motif" });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("button", { name: "Close navigation" })).toBeFocused();
    await expectNoViolations(page, "static mobile navigation");
    // Tab goes round the sheet's links and back to its close button, never to the page behind.
    for (let i = 0; i < 6; i++) await page.keyboard.press("Tab");
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(opener).toBeFocused();
    // The overlay closes it too.
    await opener.click();
    await page.mouse.click(360, 400);
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});
