import { expect, test, type Page } from "@playwright/test";
import { signInWithApi } from "./support/auth";
import { createStyleInUi, openNewStyleDialog } from "./support/styles";
import { createStyleWithApi, generateObjectsWithApi } from "./support/objects";

/** The page is no wider than the window; a failure names the elements that stick out. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const found = await page.evaluate(() => {
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((el) => ![...el.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 1))
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">`);
    return { page: document.documentElement.scrollWidth, window: window.innerWidth, wide };
  });
  expect(found.page, `${label} is ${found.page} px wide: ${found.wide.join(", ")}`).toBeLessThanOrEqual(found.window);
}

test.describe("a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("an 80-character unbroken style name never widens a page", async ({ page }) => {
    const name = "Superlongunbrokenstylenamewithoutanyspacesthatkeepsgoingandgoingandgoingonwards1";
    expect(name).toHaveLength(80);
    await signInWithApi(page);
    const styleId = await createStyleWithApi(page, name);
    const { objects } = await generateObjectsWithApi(page, { styleId, subjects: ["lantern"] });

    await page.goto("/app/style");
    await expect(page.getByRole("article", { name, exact: true })).toBeVisible();
    await expect(page.getByRole("article", { name, exact: true }).getByRole("img")).toHaveCount(4);
    await expectNoSidewaysScroll(page, "styles page");

    await page.goto(`/app?style=${styleId}`);
    // The composer's style picker lists it, chosen.
    await expect(page.getByRole("radio", { name: new RegExp(name) })).toBeChecked();
    await expectNoSidewaysScroll(page, "composer and its style picker");

    await page.goto("/app/object");
    await expect(page.getByRole("main")).toContainText("lantern");
    await expectNoSidewaysScroll(page, "library");

    await page.goto(`/app/object/${objects[0]!.id}`);
    await expect(page.getByRole("heading", { name: "lantern", level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, "object page");
  });
});

test("a 404 inside the app stays in the app and leads back to it", async ({ page }) => {
  await signInWithApi(page);
  const response = await page.goto("/app/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-message")).toHaveText("Page not found: /app/no/such/page");
  await expect(page.getByRole("navigation", { name: "App" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Back to the app" }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test("the composer is named for what it does in the app's navigation", async ({ page }) => {
  await signInWithApi(page);
  await page.goto("/app/style");
  const nav = page.getByRole("navigation", { name: "App" });
  await expect(nav.getByRole("link", { name: "Home" })).toHaveCount(0);
  await nav.getByRole("link", { name: "Create" }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page).toHaveTitle("Create · Motif");
});

test("focus returns to the new style's card after creating it, and to the thumbnail after the viewer", async ({
  page,
}) => {
  await signInWithApi(page);
  await page.goto("/app/style");
  const dialog = await openNewStyleDialog(page);
  await dialog.getByLabel("Name").fill("Focus kept");
  await dialog.getByLabel("Description").fill("Flat icons, teal and amber");
  await dialog.getByText("Draft", { exact: true }).click();
  await dialog.getByRole("button", { name: /Create style/ }).click();
  const card = page.getByRole("article", { name: "Focus kept", exact: true });
  await expect(card.getByRole("heading", { name: "Focus kept" })).toBeFocused();

  await expect(card.getByRole("img")).toHaveCount(4, { timeout: 20_000 });
  const thumbnail = card.getByRole("button", { name: /^View / }).nth(1);
  await thumbnail.click();
  const viewer = page.getByRole("dialog", { name: "Focus kept" });
  await expect(viewer).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(thumbnail).toBeFocused();
});

test("skeletons hold still for reduced motion, and preset thumbnails sit on dark tiles in dark mode", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce", colorScheme: "dark" });
  await signInWithApi(page);
  await page.goto("/app/style");
  const animation = await page.evaluate(() => {
    const probe = document.createElement("div");
    probe.className = "animate-pulse";
    document.body.append(probe);
    const name = getComputedStyle(probe).animationName;
    probe.remove();
    return name;
  });
  expect(animation).toBe("none");
  const tile = page.getByRole("region", { name: "Start from a preset" }).getByRole("img").first();
  await expect(tile).toBeVisible();
  await expect(tile).not.toHaveCSS("background-color", "rgb(255, 255, 255)");
});

test("a transparent image's backdrop can be switched, and the choice is remembered", async ({ page }) => {
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "Backdrops");
  const { objects } = await generateObjectsWithApi(page, { styleId, subjects: ["cloud"] });
  await page.goto(`/app/object/${objects[0]!.id}`);
  const stage = page.getByTestId("image-stage");
  // The image arrives live; on a busy machine the worker may take a while to pick the job up.
  await expect(stage).toHaveAttribute("data-backdrop", "checker", { timeout: 30_000 });

  const backdrops = page.getByRole("group", { name: "Backdrop" });
  await backdrops.getByRole("button", { name: "Black backdrop" }).click();
  await expect(stage).toHaveAttribute("data-backdrop", "dark");
  await expect(backdrops.getByRole("button", { name: "Black backdrop" })).toHaveAttribute("aria-pressed", "true");
  expect(await stage.evaluate((element) => getComputedStyle(element).backgroundImage)).toBe("none");

  await page.reload();
  await expect(page.getByTestId("image-stage")).toHaveAttribute("data-backdrop", "dark");
  await page.getByRole("group", { name: "Backdrop" }).getByRole("button", { name: "Checkerboard backdrop" }).click();
  await expect(page.getByTestId("image-stage")).toHaveAttribute("data-backdrop", "checker");
});

test("an object page opened as its preview job runs shows the image without a reload", async ({ page }) => {
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "Quick preview");
  // The preview engine finishes in a fraction of a second: usually before the page's live stream connects.
  const { objects } = await generateObjectsWithApi(page, { styleId, subjects: ["star"] });
  await page.goto(`/app/object/${objects[0]!.id}`);
  await expect(page.getByTestId("image-stage")).toBeVisible();
  await expect(page.getByRole("list", { name: "Images of this object" }).getByRole("listitem")).toHaveCount(1);
});

test("a style named like another is pointed out as the name is typed, and both are kept", async ({ page }) => {
  await signInWithApi(page);
  await createStyleWithApi(page, "Twin icons");
  await page.goto("/app/style");
  const dialog = await openNewStyleDialog(page);
  const name = dialog.getByLabel("Name", { exact: true });
  await name.fill("twin ICONS ");
  await expect(dialog.getByText("You already have a style called “Twin icons”. Both will be kept")).toBeVisible();
  await expect(name).toHaveAccessibleDescription(/You already have a style called “Twin icons”/);
  await name.fill("Twin icons, warmer");
  await expect(dialog.getByText(/You already have a style called/)).toHaveCount(0);
  await page.keyboard.press("Escape");

  await createStyleInUi(page, { name: "Twin icons", description: "Warm flat icons, soft shadows" });
  await expect(page.getByRole("article", { name: "Twin icons", exact: true })).toHaveCount(2);
});
