import { expect, test } from "@playwright/test";

// An integrator reads the reference in a browser: it renders from this instance alone, and its licence
// leads to the terms that license the API (docs/decisions/092, 098).
test("the API reference renders offline and its licence leads to the terms for the API", async ({ page }) => {
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["localhost", "127.0.0.1"].includes(url.hostname) && url.protocol !== "data:") elsewhere.push(request.url());
  });
  await page.goto("/api/docs");
  // Scalar's one-file bundle (about 3 MB of script) is parsed first: seconds when the other worker is busy.
  await expect(page.getByRole("heading", { name: "Motif API", level: 1 })).toBeVisible({ timeout: 30_000 });
  // Scalar draws the licence and the terms as links beside the title: absolute addresses on this
  // instance (docs/decisions/098), so a copy of the document still names where they are.
  const licence = page.locator('a[href$="/terms#api"]');
  await expect(licence).toHaveText("API terms of use");
  await expect(page.locator('a[href$="/terms"]')).toHaveText("Terms of Service");
  const href = (await licence.getAttribute("href"))!;
  expect(href).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/terms#api$/);

  await page.goto(href);
  const section = page.getByRole("region", { name: "The API, scripts and agents" });
  await expect(section).toBeVisible();
  await expect(section.getByRole("link", { name: "/api/docs" })).toHaveAttribute("href", "/api/docs");
  expect(elsewhere).toEqual([]);
});
