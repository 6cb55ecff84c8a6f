import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInWithApi } from "./support/auth";
import { createStyleWithApi, generateObjectsWithApi } from "./support/objects";

// Closing a dialog puts focus back on the control that opened it, or on the next sensible
// one when that control went with what was deleted; never on the page's body.

async function expectFocused(page: Page, control: Locator, label: string) {
  await expect(control, `${label}: focus goes back to it`).toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body), label).toBe(false);
}

test("the app starts with a skip link to its content", async ({ page }) => {
  await signInWithApi(page);
  await page.goto("/app/style");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  // The next Tab goes on inside the content, not back to the navigation.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
});

test("focus returns after New style, Rename and Generate again, and moves on after Delete style and Revoke key", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "Focus icons");
  await createStyleWithApi(page, "Spare icons");
  const { objects } = await generateObjectsWithApi(page, { styleId, subjects: ["lantern"] });

  await page.goto("/app/style");
  const newStyle = page.getByRole("button", { name: "New style" }).first();
  await newStyle.click();
  await expect(page.getByRole("dialog", { name: "New style" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expectFocused(page, newStyle, "New style");

  // Delete, from the card's menu: the card goes, so focus moves on to the page's New style.
  const actions = page.getByRole("button", { name: "Actions for Spare icons" });
  await actions.click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
  await expectFocused(page, actions, "Delete style, cancelled");
  await actions.click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Delete style" }).click();
  await expect(page.getByRole("article", { name: "Spare icons" })).toHaveCount(0);
  await expectFocused(page, newStyle, "Delete style");

  await page.goto(`/app/object/${objects[0]!.id}`);
  const rename = page.getByRole("button", { name: "Rename" });
  await rename.click();
  await page.getByRole("dialog", { name: "Rename object" }).getByLabel("Name").fill("Brass lantern");
  await page.getByRole("dialog", { name: "Rename object" }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Brass lantern", level: 1 })).toBeVisible();
  await expectFocused(page, rename, "Rename");

  const again = page.getByRole("button", { name: /Generate again in other settings/ });
  await again.click();
  await expect(page.getByRole("dialog", { name: "Generate again" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expectFocused(page, again, "Generate again");

  await page.goto("/app/settings");
  const create = page.getByRole("button", { name: "Create API key" });
  await create.click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name", { exact: true }).fill("Focus key");
  await dialog.getByRole("button", { name: "Create key" }).click();
  await dialog.getByRole("button", { name: "Done" }).click();
  const revoke = page.getByRole("button", { name: "Revoke Focus key" });
  await revoke.click();
  await page.getByRole("button", { name: "Revoke key" }).click();
  await expect(revoke).toHaveCount(0);
  await expectFocused(page, create, "Revoke key");
});
