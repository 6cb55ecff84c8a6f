import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInToApp, signInWithApi } from "./support/auth";
import { createStyleWithApi } from "./support/objects";
import { createStyleInUi } from "./support/styles";

/** The page is no wider than the window: nothing makes a phone scroll sideways. */
async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.page, path).toBeLessThanOrEqual(widths.window);
}

test.use({ viewport: { width: 375, height: 800 } });

test("no public page scrolls sideways on a phone", async ({ page }) => {
  for (const path of ["/", "/terms", "/privacy", "/auth/login", "/no-such-page"]) {
    await expectNoSidewaysScroll(page, path);
  }
});

test("no signed-in page scrolls sideways on a phone, with content in it", async ({ page }) => {
  await signInToApp(page);
  await page.goto("/app/style");
  const card = await createStyleInUi(page, {
    name: "A rather long style name that goes on",
    description: "Flat icons with a description long enough to wrap over several lines on a small screen",
  });
  await expect(card.getByRole("img")).toHaveCount(4, { timeout: 20_000 });
  // A sample is as wide as the card tells the browser (its sizes: half the phone less 1rem).
  const sample = (await card.getByRole("img").first().boundingBox())!.width;
  expect(sample).toBeLessThanOrEqual(375 / 2 - 16);
  expect(sample).toBeGreaterThan(375 / 2 - 16 - 4);
  for (const path of ["/app", "/app/style", "/app/settings", "/app/object"]) {
    await expectNoSidewaysScroll(page, path);
  }
});

/** The text is shown whole: not cut short by an ellipsis or a clamp. */
async function expectReadable(locator: Locator, what: string) {
  const cut = await locator.evaluate(
    (element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
  );
  expect(cut, `${what} is cut short`).toBe(false);
}

test("the composer's presets and the workspace switcher read whole on a phone, in light and dark", async ({
  page,
  baseURL,
}) => {
  await signInWithApi(page);
  // With a style of their own, the presets are the small tiles under it; in a team, the header switches workspaces.
  await createStyleWithApi(page, "Harbour crest");
  const team = await page.request.post("/api/teams", {
    headers: { Origin: baseURL! },
    data: { name: "Harbour Games" },
  });
  expect(team.status()).toBe(201);
  await page.goto("/app");
  for (const name of ["Flat icon", "Pixel art", "Line art"]) {
    const tile = page.locator("label").filter({ has: page.getByRole("radio", { name, exact: true }) });
    await expect(tile.getByTestId("style-tile-name")).toHaveText(name);
    await expectReadable(tile.getByTestId("style-tile-name"), `the ${name} preset`);
  }
  const switcher = page.getByTestId("workspace-switcher");
  await expect(switcher).toContainText("Personal");
  await expectReadable(switcher.getByTestId("workspace-switcher-name"), "Personal");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // Once the colours have finished changing over.
    await page.evaluate(() => Promise.allSettled(document.getAnimations().map((animation) => animation.finished)));
    await page.screenshot({ path: test.info().outputPath(`composer-375-${scheme}.png`) });
  }
  // In the team, its name reads whole too, on two short lines if need be.
  await switcher.click();
  await page.getByRole("menuitem", { name: "Harbour Games" }).click();
  await expect(switcher).toContainText("Harbour Games");
  await expectReadable(switcher.getByTestId("workspace-switcher-name"), "Harbour Games");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath("team-header-375-dark.png") });
});

test("the pricing table shows every column on a phone, with nothing to scroll", async ({ page }) => {
  await page.goto("/#pricing");
  const table = page.getByRole("table", { name: "Credits per image by detail level and size" });
  await expect(table).toBeVisible();
  for (const name of ["Detail", /Square/, /Portrait or landscape/]) {
    await expect(table.getByRole("columnheader", { name })).toBeInViewport();
  }
  const overflow = await table.evaluate((element) => {
    const scroller = element.parentElement!;
    return scroller.scrollWidth - scroller.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
});

test.describe("a wide window", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the new-style dialog's price wraps as one sentence, not in pieces", async ({ page }) => {
    await signInToApp(page);
    await page.goto("/app/style");
    const dialog = await page
      .getByRole("button", { name: "New style" })
      .first()
      .click()
      .then(() => page.getByRole("dialog", { name: "New style" }));
    await dialog.getByText("High", { exact: true }).click();
    const price = dialog.getByTestId("style-price");
    await expect(price).toContainText("at Standard detail");
    // Read in order, the text never goes back up a line: it wraps as one sentence, not in side-by-side pieces.
    const tops = await price.evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const found: number[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) found.push(Math.round(rect.top));
      }
      return found;
    });
    expect(tops.length).toBeGreaterThan(1);
    for (let i = 1; i < tops.length; i++)
      expect(tops[i]!, `text piece ${i} of ${tops.join(", ")}`).toBeGreaterThanOrEqual(tops[i - 1]! - 2);
  });
});
