// What the objects specs share: the five subjects of a set, and picking an option of a segmented
// control as a person does.
import { expect, type Page } from "@playwright/test";

/** Picks an option of a segmented control by its visible label, as a person clicks it. */
export async function choose(page: Page, group: string, option: string) {
  await page.getByRole("group", { name: group }).getByText(option, { exact: true }).click();
  await expect(page.getByRole("group", { name: group }).getByRole("radio", { name: option })).toBeChecked();
}

export const SUBJECTS = ["Treasure chest", "Health potion", "Iron sword", "Round shield", "Golden key"];
