// The composer in the browser: generating in a preset before making any style, which becomes the
// user's own style, and making an object with the keyboard alone.
import { expect, test } from "@playwright/test";
import { signInWithApi } from "./support/auth";
import { createStyleWithApi } from "./support/objects";
import { choose } from "./objects-helpers";

test("generate in a preset before making any style: it becomes the user's own style", async ({ page }) => {
  await signInWithApi(page);
  await page.goto("/app");
  await expect(page.getByTestId("credit-badge")).toContainText("100");
  await page.getByLabel("Objects", { exact: true }).fill("Wooden shield");
  await page.getByRole("radio", { name: /Pixel art/ }).check();
  await choose(page, "Detail", "Draft");
  await page.getByTestId("generate-objects").click();
  await expect(
    page
      .getByTestId("job-card")
      .first()
      .getByLabel(/^Wooden shield: done/),
  ).toBeVisible({
    timeout: 30_000,
  });
  // Only the object was charged: the preset's style has no samples until asked for.
  await expect(page.getByTestId("credit-badge")).toContainText("97");
  await page.goto("/app/style");
  const style = page.getByRole("article", { name: "Pixel art", exact: true });
  await expect(style.getByRole("button", { name: /Make the samples · 12 credits/ })).toBeVisible();
  // From the style, straight back to the composer with it chosen.
  await style.getByRole("button", { name: "Actions for Pixel art" }).click();
  await page.getByRole("menuitem", { name: "Generate objects" }).click();
  await expect(page).toHaveURL(/\/app\?style=/);
  await expect(page.getByRole("radio", { name: /Pixel art/ })).toBeChecked();
});

test("create an object with the keyboard alone", async ({ page }) => {
  await signInWithApi(page);
  await createStyleWithApi(page, "Keys only");
  await page.goto("/app");
  // The page is live (hydrated, the balance read) before the first key.
  await expect(page.getByTestId("credit-badge")).toContainText("88");
  await page.getByLabel("Objects", { exact: true }).focus();
  await page.keyboard.type("Lantern");
  // The first style is chosen; Ctrl+Enter submits from the text box.
  await page.keyboard.press("Control+Enter");
  const job = page.getByTestId("job-card").first();
  await expect(job.getByLabel(/^Lantern: done/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("region", { name: "Latest objects" }).getByTestId("object-card")).toHaveCount(1);
});
