// A style's own page: opened from its name on the styles page and on an object's page, with its
// samples, palette and everything made in it; an object opens from it; /app/styles leads to the
// styles page; another account's style is a 404 page; a style with nothing made in it says how to
// make something; and the page at phone and desktop widths in both colour schemes.
import { expect, test } from "@playwright/test";
import { signInWithApi } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi, generateObjectsWithApi, waitForJob } from "./support/objects";

/** Set SCREENSHOTS_DIR to keep the style page's pictures (docs/screenshots). */
const screenshots = process.env.SCREENSHOTS_DIR;
const docsPictures: Record<string, string> = {
  "light-1440": "style-page-light.png",
  "dark-375": "style-page-dark-mobile.png",
};

test("a style's name opens its page: samples, palette and objects, and an object opens from it", async ({ page }) => {
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "Harbour icons");
  const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Lantern", "Anchor"] });
  await waitForJob(page, job.id);
  const { style } = (await (await page.request.get(`/api/styles/${styleId}`)).json()) as {
    style: { palette: string[] };
  };

  await page.goto("/app/styles");
  await expect(page).toHaveURL(/\/app\/style$/);
  await expect(page.getByRole("heading", { level: 1, name: "Styles" })).toBeVisible();

  await page.getByRole("article", { name: "Harbour icons" }).getByRole("link", { name: "Harbour icons" }).click();
  await expect(page).toHaveURL(`/app/style/${styleId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Harbour icons" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Styles", exact: true }).first()).toBeVisible();

  const samples = page.getByRole("list", { name: "Samples of Harbour icons" });
  await expect(samples.getByRole("button", { name: /^View / })).toHaveCount(4);
  await samples
    .getByRole("button", { name: /^View / })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: "Harbour icons" })).toBeVisible();
  await page.keyboard.press("Escape");

  const palette = page.getByRole("list", { name: "Palette of Harbour icons" });
  expect(style.palette.length).toBeGreaterThan(0);
  for (const colour of style.palette) await expect(palette).toContainText(colour, { ignoreCase: true });

  const made = page.getByRole("list", { name: "Objects in Harbour icons" });
  await expect(made.getByRole("article")).toHaveCount(2);
  await expect(page.getByRole("heading", { name: /Made in this style · 2/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Generate objects" }).first()).toHaveAttribute(
    "href",
    `/app?style=${styleId}`,
  );

  const lantern = objects.find((o) => o.name === "Lantern")!;
  await made.getByRole("link", { name: /Lantern/ }).click();
  await expect(page).toHaveURL(`/app/object/${lantern.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Lantern" })).toBeVisible();

  // The object's style name leads back to the style's page, and so does /app/styles/<id>.
  await page.getByRole("main").getByRole("link", { name: "Harbour icons" }).first().click();
  await expect(page).toHaveURL(`/app/style/${styleId}`);
  await page.goto(`/app/styles/${styleId}`);
  await expect(page).toHaveURL(`/app/style/${styleId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Harbour icons" })).toBeVisible();
});

test("another account's style is a 404 page; a style with nothing made in it says how to make something", async ({
  page,
  browser,
}) => {
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "Quiet pastels");
  await page.goto(`/app/style/${styleId}`);
  await expect(page.getByRole("heading", { name: "Nothing made in this style yet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Download all…" })).toBeDisabled();
  const generate = page.getByRole("region", { name: /Made in this style/ }).getByRole("link", {
    name: "Generate objects",
  });
  await generate.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/app?style=${styleId}`);

  const other = await browser.newPage();
  await signInWithApi(other);
  const response = await other.goto(`/app/style/${styleId}`);
  expect(response?.status()).toBe(404);
  await expect(other.getByText(`Page not found: /app/style/${styleId}`)).toBeVisible();
  await expect(other.getByText("Quiet pastels")).toHaveCount(0);
  await other.close();
});

for (const { width, scheme } of [
  { width: 375, scheme: "dark" },
  { width: 1440, scheme: "light" },
  { width: 375, scheme: "light" },
  { width: 1440, scheme: "dark" },
] as const) {
  test(`the style page at ${width} px in ${scheme} mode`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await signInWithApi(page);
    const styleId = await createStyleWithApi(page, "Lighthouse keepers");
    const { job } = await generateObjectsWithApi(page, {
      styleId,
      subjects: ["Lighthouse", "Compass", "Rope coil", "Ship bell", "Gull"],
    });
    await waitForJob(page, job.id);
    await page.goto(`/app/style/${styleId}`);
    await expect(page.getByRole("list", { name: "Objects in Lighthouse keepers" }).getByRole("article")).toHaveCount(5);
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoViolations(page, `the style page at ${width} px, ${scheme}`);
    const kept = docsPictures[`${scheme}-${width}`];
    // The whole page in the window: the shell's side bar then reaches the bottom of the picture.
    await page.setViewportSize({ width, height: await page.evaluate(() => document.documentElement.scrollHeight) });
    await page.screenshot({
      path: screenshots && kept ? `${screenshots}/${kept}` : testInfo.outputPath(`style-page-${scheme}-${width}.png`),
    });
  });
}
