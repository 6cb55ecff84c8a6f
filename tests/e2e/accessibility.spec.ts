import { expect, test } from "@playwright/test";
import { expectNoViolations } from "./support/axe";
import { signInToApp } from "./support/auth";
import { flashToasts, type FlashToast } from "./support/flash";
import { createStyleInUi } from "./support/styles";

// Every page, in both colour modes, checked by axe-core against WCAG 2.1 A and AA.
for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test("public pages have no accessibility violations", async ({ page }) => {
      for (const path of ["/", "/terms", "/privacy", "/auth/login", "/auth/verify?token=x", "/no-such-page"]) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await expectNoViolations(page, `${colorScheme} ${path}`);
      }
    });

    test("toasts of every colour have no accessibility violations", async ({ page, context, baseURL }) => {
      const toasts: FlashToast[] = [
        { title: "Plain", description: "A default toast", timeout: 30_000 },
        { title: "Login error", description: "There was an error logging you in.", color: "error", timeout: 30_000 },
        { title: "Account deleted", description: "Your account was deleted.", color: "success", timeout: 30_000 },
      ];
      await flashToasts(context, baseURL!, toasts);
      await page.goto("/terms");
      await expect(page.locator("[data-toast-id]")).toHaveCount(3);
      await expectNoViolations(page, `${colorScheme} toasts`, { toasts: true });
    });

    test("the mobile navigation has no accessibility violations", async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await signInToApp(page);
      await page.getByRole("button", { name: "Open navigation" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoViolations(page, `${colorScheme} mobile navigation`);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: /account menu/i }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      await expectNoViolations(page, `${colorScheme} user menu`);
    });

    test("signed-in pages have no accessibility violations", async ({ page }) => {
      // Eight full axe scans of pages, menus and dialogs: more than the default budget on two busy cores.
      test.slow();
      await signInToApp(page);
      await page.goto("/app/style");
      const card = await createStyleInUi(page, { name: "Checked style", description: "Flat icons, teal and amber" });
      await expect(card.getByRole("img")).toHaveCount(4, { timeout: 20_000 });
      // A style card's menu, open.
      await card.getByRole("button", { name: "Actions for Checked style" }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      await expectNoViolations(page, `${colorScheme} style menu`);
      await page.keyboard.press("Escape");
      // A sample, viewed large.
      await card.getByRole("button", { name: "View a leafy tree" }).click();
      await expect(page.getByRole("dialog", { name: "Checked style" })).toBeVisible();
      await expectNoViolations(page, `${colorScheme} sample viewer`);
      await page.keyboard.press("Escape");
      for (const path of ["/app", "/app/style", "/app/settings", "/app/object"]) {
        await page.goto(path);
        await page.waitForLoadState("domcontentloaded");
        await expect(page.getByRole("main")).toBeVisible();
        await expectNoViolations(page, `${colorScheme} ${path}`);
      }
      // Dialogs too.
      await page.goto("/app/style");
      await page.getByRole("button", { name: "New style" }).first().click();
      await expect(page.getByRole("dialog", { name: "New style" })).toBeVisible();
      await expectNoViolations(page, `${colorScheme} new style dialog`);
      await page.getByRole("tab", { name: "From reference images" }).click();
      await expectNoViolations(page, `${colorScheme} new style dialog, images tab`);
      await page.goto("/app/settings");
      await page.getByRole("button", { name: "Delete account" }).click();
      await expect(page.getByRole("alertdialog", { name: "Delete your account?" })).toBeVisible();
      await expectNoViolations(page, `${colorScheme} delete account dialog`);
    });
  });
}
