import { expect, test } from "@playwright/test";

test("page views are sent with the normalised route path", async ({ page }) => {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/analytics/pageview")) sent.push(JSON.parse(request.postData() ?? "{}").path);
  });
  await page.goto("/terms");
  await expect.poll(() => sent).toContain("/terms");
  await page.goto("/some/unknown/page");
  await expect.poll(() => sent).toContain("/*");
  await page.goto("/privacy");
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms" }).click();
  await expect.poll(() => sent.filter((p) => p === "/terms")).toHaveLength(2);
});

test("after a new release is seen, the next navigation is a full page load", async ({ page }) => {
  let latest = "";
  await page.route("**/builds/latest.json", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { id: string };
    await route.fulfill({ json: { id: latest || body.id } });
  });
  await page.goto("/");
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));

  // Same release: client-side navigation keeps the page (and the marker).
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);

  // A new release: the check (1 s after idle) notices, and the next navigation reloads.
  latest = "a-newer-build";
  await page.reload();
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.waitForResponse("**/builds/latest.json");
  const fullLoad = page.waitForEvent("load");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
  await fullLoad;
  await expect(page).toHaveURL(/\/privacy$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
  await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
});

test("the release manifest names the build the page runs", async ({ page, request }) => {
  await page.goto("/");
  const pageVersion = await page.evaluate(
    () => (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest.version,
  );
  const manifest = (await (await request.get("/builds/latest.json")).json()) as { id: string };
  expect(manifest.id).toBe(pageVersion);
});
