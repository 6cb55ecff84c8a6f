import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInToApp } from "./support/auth";

/** Presses Tab until `target` has the focus, as a keyboard user would; fails if it never does. */
async function tabTo(page: Page, target: Locator, maxPresses = 60) {
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test("create, rename and delete a style with the keyboard alone", async ({ page }) => {
  // Three dialogs, a menu twice and a generation, one key at a time: longer than most tests.
  test.setTimeout(90_000);
  await signInToApp(page);
  await page.goto("/app/style");

  await tabTo(page, page.getByRole("button", { name: "New style" }).first());
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "New style" });
  await expect(dialog).toBeVisible();

  await tabTo(page, dialog.getByLabel("Name"));
  await page.keyboard.type("Keyboard icons");
  await tabTo(page, dialog.getByLabel("Description"));
  await page.keyboard.type("Flat icons with bold outlines");
  // Radio groups move with the arrow keys: from Standard to Draft.
  await tabTo(page, dialog.getByRole("radio", { name: "Standard" }));
  await page.keyboard.press("ArrowLeft");
  await expect(dialog.getByRole("radio", { name: "Draft" })).toBeChecked();
  await tabTo(page, dialog.getByRole("button", { name: "Create style · 12 credits" }));
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();

  const card = page.getByRole("article", { name: "Keyboard icons" });
  await expect(card.getByRole("img")).toHaveCount(4, { timeout: 20_000 });

  const actions = card.getByRole("button", { name: "Actions for Keyboard icons" });
  await tabTo(page, actions);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Generate objects" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Edit" })).toBeFocused();
  await page.keyboard.press("Enter");
  const edit = page.getByRole("dialog", { name: "Edit Keyboard icons" });
  await tabTo(page, edit.getByLabel("Name"));
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("Bold icons");
  await tabTo(page, edit.getByRole("button", { name: "Save" }));
  await page.keyboard.press("Enter");
  const renamed = page.getByRole("article", { name: "Bold icons" });
  await expect(renamed).toBeVisible();

  await tabTo(page, renamed.getByRole("button", { name: "Actions for Bold icons" }));
  await page.keyboard.press("Enter");
  // Each key once the menu has taken the focus, as a person waits to see it.
  await expect(page.getByRole("menuitem", { name: "Generate objects" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Edit" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog");
  await tabTo(page, confirm.getByRole("button", { name: "Delete style" }));
  await page.keyboard.press("Enter");
  await expect(renamed).toHaveCount(0);
});

test("the account menu opens from the keyboard and gives the focus back on Escape", async ({ page }) => {
  await signInToApp(page);
  await tabTo(page, page.getByRole("button", { name: "Account menu" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeFocused();
});
