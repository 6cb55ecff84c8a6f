import { expect, test } from "@playwright/test";

test.describe("colour mode", () => {
  test.use({ colorScheme: "light" });

  // Records the html element's class when <body> first appears, i.e. before the first paint.
  const recordFirstPaint = () => {
    new MutationObserver((_, observer) => {
      if (document.body) {
        (window as unknown as { firstPaintDark: boolean }).firstPaintDark =
          document.documentElement.classList.contains("dark");
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  };

  test("a chosen mode persists across reloads with no flash", async ({ page }) => {
    await page.addInitScript(recordFirstPaint);
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: /Colour mode/ }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);

    const response = await page.reload();
    // The server already renders the class from the cookie…
    expect(await response!.text()).toMatch(/<html[^>]*class="dark"/);
    // …and the first paint has it.
    expect(await page.evaluate(() => (window as unknown as { firstPaintDark: boolean }).firstPaintDark)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("motif-color-mode"))).toBe("dark");
  });

  test("'system' follows the device setting, live", async ({ page }) => {
    await page.addInitScript(recordFirstPaint);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    expect(await page.evaluate(() => (window as unknown as { firstPaintDark: boolean }).firstPaintDark)).toBe(true);
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("another tab follows a change", async ({ page, context }) => {
    await page.goto("/");
    const other = await context.newPage();
    await other.goto("/terms");
    await page.getByRole("button", { name: /Colour mode/ }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect(other.locator("html")).toHaveClass(/dark/);
  });
});

test.describe("mobile", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("navigation opens as a sheet and closes after following a link", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open navigation" }).click();
    const sheet = page.getByRole("dialog");
    await expect(sheet).toBeVisible();
    await sheet.getByRole("link", { name: "Pricing" }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/#pricing$/);
    await expect(page.getByRole("heading", { name: "Simple credit pricing" })).toBeInViewport();
  });

  test("the sheet closes when the window grows past 1024 px", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open navigation" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.setViewportSize({ width: 1025, height: 800 });
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });
});

test.describe("scrolling after navigation", () => {
  test("a new page starts at the top, and back restores the earlier position", async ({ page }) => {
    await page.goto("/terms");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(500);

    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.round(before));
  });

  test("a hash target scrolls into view", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Gallery" }).click();
    await expect(page).toHaveURL(/#gallery$/);
    await expect(page.getByRole("heading", { name: "Same objects, three styles" })).toBeInViewport();
  });
});

test("tooltips open 700 ms after hovering", async ({ page }) => {
  await page.goto("/");
  const trigger = page.getByRole("button", { name: /Colour mode/ });
  await trigger.evaluate((el) => {
    const w = window as unknown as { tipShown?: number; hoveredAt?: number };
    el.addEventListener("pointermove", () => (w.hoveredAt ??= performance.now()));
    new MutationObserver(() => {
      if (document.querySelector('[role="tooltip"]')) w.tipShown ??= performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  const box = (await trigger.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole("tooltip")).toHaveText("Colour mode");
  const { shownAt, hoveredAt } = await page.evaluate(() => {
    const w = window as unknown as { tipShown: number; hoveredAt: number };
    return { shownAt: w.tipShown, hoveredAt: w.hoveredAt };
  });
  expect(shownAt - hoveredAt).toBeGreaterThanOrEqual(600);
  expect(shownAt - hoveredAt).toBeLessThan(1_200);
});
