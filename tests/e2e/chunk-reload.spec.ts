import { expect, test, type Page } from "@playwright/test";
import { signInWithApi } from "./support/auth";

/** What Vite dispatches when a code chunk of an old build is gone from the server. */
async function failAChunk(page: Page) {
  const reloaded = page.waitForEvent("load");
  await page.evaluate(() => {
    const event = new Event("vite:preloadError", { cancelable: true }) as Event & { payload?: unknown };
    event.payload = new TypeError("Failed to fetch dynamically imported module: /assets/gone-123.js");
    window.dispatchEvent(event);
  });
  await reloaded;
}

const group = (page: Page, legend: string) => page.getByRole("group", { name: legend });

test("a chunk-load reload keeps the composer's text and settings, once", async ({ page }) => {
  await signInWithApi(page);
  await page.goto("/app");
  const objects = page.getByLabel("Objects", { exact: true });
  await objects.fill("Treasure chest\nIron sword");
  await group(page, "Size").getByText("Landscape").click();
  await group(page, "Detail").getByText("High").click();
  await group(page, "Variations per object").getByText("3").click();
  await page.getByRole("switch", { name: "Transparent background" }).click();
  await page.getByLabel("Extra prompt").fill("soft rim light");

  await failAChunk(page);
  await expect(page).toHaveURL(/\/app$/);
  await expect(objects).toHaveValue("Treasure chest\nIron sword");
  await expect(group(page, "Size").getByRole("radio", { name: "Landscape" })).toBeChecked();
  await expect(group(page, "Detail").getByRole("radio", { name: "High" })).toBeChecked();
  await expect(group(page, "Variations per object").getByRole("radio", { name: "3" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Transparent background" })).not.toBeChecked();
  await expect(page.getByLabel("Extra prompt")).toHaveValue("soft rim light");

  // The draft came back once; an ordinary reload starts afresh.
  await page.reload();
  await expect(page.getByRole("heading", { name: "What do you want to make?" })).toBeVisible();
  await expect(objects).toHaveValue("");
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith("motif-draft:")))).toEqual(
    [],
  );
});
