import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/auth";
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
  await signIn(page);
  await page.goto("/app/style");
  const card = await createStyleInUi(page, {
    name: "A rather long style name that goes on",
    description: "Flat icons with a description long enough to wrap over several lines on a small screen",
  });
  await expect(card.getByRole("img")).toHaveCount(4, { timeout: 20_000 });
  for (const path of ["/app", "/app/style", "/app/settings", "/app/object"]) {
    await expectNoSidewaysScroll(page, path);
  }
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
    await signIn(page);
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
