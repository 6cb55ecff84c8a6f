// The library and the object page in the browser: searching, filtering and sorting kept in the
// address, another user's object a 404 page, and the composer, library and object page at phone
// and desktop widths in both colour schemes, without sideways scrolling or accessibility faults.
import { expect, test } from "@playwright/test";
import { signInWithApi } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi, generateObjectsWithApi } from "./support/objects";

test("the library searches, filters and sorts, and keeps them in the address", async ({ page }) => {
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "Library icons");
  const { job } = await generateObjectsWithApi(page, { styleId, subjects: ["Zebra", "Apple", "Mango"] });
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/jobs/${job.id}`)).json()) as { job: { status: string } }).job.status,
    )
    .toBe("succeeded");
  await page.goto("/app/object");
  const names = page.getByRole("list", { name: "Your objects" }).getByRole("heading");
  await expect(names).toHaveText(["Mango", "Apple", "Zebra"]);
  await page.getByLabel("Sort").selectOption("name");
  await expect(names).toHaveText(["Apple", "Mango", "Zebra"]);
  await page.getByRole("searchbox", { name: /Search/ }).fill("an");
  await expect(names).toHaveText(["Mango"]);
  await expect(page).toHaveURL(/q=an/);
  await page.goBack();
  await page.goForward();
  await expect(names).toHaveText(["Mango"]);
  await page.getByRole("searchbox", { name: /Search/ }).fill("nothing like this");
  await expect(page.getByRole("heading", { name: /No objects match/ })).toBeVisible();
});

test("another user's object is a 404 page", async ({ page, browser }) => {
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "Private icons");
  const { objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Secret lamp"] });

  const other = await browser.newPage();
  await signInWithApi(other);
  const response = await other.goto(`/app/object/${objects[0]!.id}`);
  expect(response?.status()).toBe(404);
  await expect(other.getByText(`Page not found: /app/object/${objects[0]!.id}`)).toBeVisible();
  await expect(other.getByText("Secret lamp")).toHaveCount(0);
  await other.close();
});

for (const { width, scheme } of [
  { width: 375, scheme: "dark" },
  { width: 1440, scheme: "dark" },
  { width: 375, scheme: "light" },
  { width: 1440, scheme: "light" },
] as const) {
  test(`composer, library and object page at ${width} px in ${scheme} mode`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await signInWithApi(page);
    const styleId = await createStyleWithApi(page, "Layout icons");
    const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Anvil", "Bell"] });
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/jobs/${job.id}`)).json()) as { job: { status: string } }).job.status,
      )
      .toBe("succeeded");
    for (const path of ["/app", "/app/object", `/app/object/${objects[0]!.id}`]) {
      await page.goto(path);
      await expect(page.locator("main")).toBeVisible();
      // Nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoViolations(page, `${path} at ${width} px, ${scheme}`);
    }
  });
}
