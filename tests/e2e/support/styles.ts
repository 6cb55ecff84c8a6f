import type { Page } from "@playwright/test";

export async function openNewStyleDialog(page: Page) {
  await page.getByRole("button", { name: "New style" }).first().click();
  return page.getByRole("dialog", { name: "New style" });
}

/** Fills the New style dialog as a person would, submits it, and returns the style's card. */
export async function createStyleInUi(
  page: Page,
  options: { name: string; description: string; draft?: boolean; price?: number },
) {
  const dialog = await openNewStyleDialog(page);
  await dialog.getByLabel("Name").fill(options.name);
  await dialog.getByLabel("Description").fill(options.description);
  if (options.draft ?? true) await dialog.getByText("Draft", { exact: true }).click();
  const label = options.price ? `Create style · ${options.price} credits` : /Create style/;
  await dialog.getByRole("button", { name: label }).click();
  return page.getByRole("article", { name: options.name, exact: true });
}
