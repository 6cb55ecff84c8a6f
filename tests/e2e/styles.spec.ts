import { expect, test, type Locator } from "@playwright/test";
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { signInToApp, signInWithApi, uniqueEmail, waitForHydration } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi } from "./support/objects";
import { e2ePorts } from "./support/ports";
import { createStyleInUi, openNewStyleDialog } from "./support/styles";

/** A style card's empty sample slots: skeletons while a job makes them, dashed ones when none does. */
const slots = (card: Locator, state: "generating" | "missing") =>
  card.locator(`[data-testid="sample-slot"][data-state="${state}"]`);

test("create a style from text: the price is shown, anchors appear live, the balance drops by it", async ({ page }) => {
  await signInToApp(page);
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Styles" }).click();
  await expect(page.getByRole("heading", { name: "Create your first style" })).toBeVisible();
  await expect(page.getByTestId("provider-label")).toContainText("Preview engine");

  const dialog = await openNewStyleDialog(page);
  await dialog.getByLabel("Name").fill("Warm flat icons");
  await dialog.getByLabel("Description").fill("Flat vector icons, warm amber and teal, no outlines");
  await dialog.getByText("Draft", { exact: true }).click();
  await expect(dialog.getByTestId("style-price")).toContainText("12 credits");
  await dialog.getByRole("button", { name: "Create style · 12 credits" }).click();

  const card = page.getByRole("article", { name: "Warm flat icons" });
  await expect(card).toBeVisible();
  await expect(page.getByTestId("credit-badge")).toContainText("88");
  await expect(card.getByRole("img")).toHaveCount(4, { timeout: 20_000 });
  await expect(card).toHaveAttribute("data-status", "succeeded");
  await expect(card.getByRole("list", { name: "Palette" }).getByRole("listitem")).toHaveCount(5);

  // The card shows optimised WebP copies, chosen by the width shown and the screen's density; the
  // width the page tells the browser (sizes) is the most a sample is shown at.
  const thumbnail = card.getByRole("img").first();
  await expect
    .poll(() =>
      thumbnail.evaluate((img: HTMLImageElement) => img.complete && new URL(img.currentSrc).searchParams.get("w")),
    )
    .toBe("320");
  expect(await thumbnail.getAttribute("sizes")).toBe("(min-width: 640px) 245px, calc(50vw - 1rem)");
  expect((await thumbnail.boundingBox())!.width).toBeLessThanOrEqual(245);
  const shown = new URL(await thumbnail.evaluate((img: HTMLImageElement) => img.currentSrc));
  expect(shown.pathname).toBe("/api/image");
  expect(await thumbnail.getAttribute("srcset")).toContain("w=640");
  const optimised = await page.request.get(shown.href);
  expect(optimised.headers()["content-type"]).toBe("image/webp");

  // The originals are real PNGs with alpha, served only to their owner.
  const original = shown.searchParams.get("url")!;
  const response = await page.request.get(original);
  expect(response.headers()["content-type"]).toBe("image/png");
  const meta = await sharp(await response.body()).metadata();
  expect([meta.width, meta.height, meta.hasAlpha]).toEqual([1024, 1024, true]);
  // The thumbnail's link is signed (docs/decisions/045): it works for whoever holds it, and is
  // cacheable, until the signature ends; without the signature, the copy is the owner's alone.
  expect(shown.searchParams.get("s")).toMatch(/^\d+\.[\w-]+$/);
  expect(optimised.headers()["cache-control"]).toMatch(/^public, max-age=\d+, immutable$/);
  const unsigned = new URL(shown.href);
  unsigned.searchParams.delete("s");
  const stranger = await page.context().browser()!.newContext();
  expect((await stranger.request.get(shown.href)).status()).toBe(200);
  for (const path of [original, unsigned.href]) {
    expect((await stranger.request.get(new URL(path, page.url()).href)).status()).toBe(401);
  }
  await stranger.close();

  // A sample opens large; the arrow keys move between samples, and it downloads as a file.
  await card.getByRole("button", { name: "View a cosy house" }).click();
  const viewer = page.getByRole("dialog", { name: "Warm flat icons" });
  await expect(viewer).toContainText("Sample 1 of 4: a cosy house");
  await page.keyboard.press("ArrowRight");
  await expect(viewer).toContainText("Sample 2 of 4: a leafy tree");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(viewer).toContainText("Sample 4 of 4: a sitting cat");
  await expect(viewer.getByRole("img")).toHaveJSProperty("complete", true);
  const downloading = page.waitForEvent("download");
  await viewer.getByRole("link", { name: "Download PNG" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("warm-flat-icons-a-sitting-cat.png");
  const file = await sharp(await download.path()).metadata();
  expect([file.format, file.width, file.hasAlpha]).toEqual(["png", 1024, true]);
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();

  // The home page shows it among the latest styles.
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Create" }).click();
  const latest = page.getByRole("region", { name: "Your latest styles" });
  await expect(latest.getByRole("article", { name: "Warm flat icons" }).getByRole("img")).toHaveCount(4);
  await latest.getByRole("button", { name: "View a steaming cup of coffee" }).click();
  await expect(page.getByRole("dialog", { name: "Warm flat icons" })).toContainText("Sample 3 of 4");
});

test("create a style from an uploaded image: its palette comes from the image", async ({ page }) => {
  await signInToApp(page);
  await page.goto("/app/style");
  const dialog = await openNewStyleDialog(page);
  await dialog.getByRole("tab", { name: "From reference images" }).click();
  const reference = await sharp({
    create: { width: 200, height: 200, channels: 3, background: "#2a9d8f" },
  })
    .composite([
      {
        input: await sharp({ create: { width: 100, height: 200, channels: 3, background: "#f4a23c" } })
          .png()
          .toBuffer(),
        left: 0,
        top: 0,
      },
    ])
    .jpeg()
    .toBuffer();
  await dialog
    .getByLabel("Reference images", { exact: true })
    .setInputFiles({ name: "reference.jpg", mimeType: "image/jpeg", buffer: reference });
  await expect(dialog.getByRole("img", { name: "reference.jpg" })).toBeVisible();
  await dialog.getByLabel("Name").fill("Teal and amber");
  await dialog.getByLabel("What to keep from the images").fill("Two bold colour blocks");
  await dialog.getByRole("button", { name: /Create style/ }).click();

  const card = page.getByRole("article", { name: "Teal and amber" });
  await expect(card.getByRole("img")).toHaveCount(4, { timeout: 20_000 });
  const palette = await card.getByRole("list", { name: "Palette" }).getByRole("listitem").allTextContents();
  expect(palette).toHaveLength(2);
  expect(palette.join(" ")).toMatch(/#2[0-9a-f]9[0-9a-f]8[0-9a-f]/i);

  // The style shows the reference it was made from.
  await card.getByRole("button", { name: "Actions for Teal and amber" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const shown = page.getByRole("dialog", { name: "Edit Teal and amber" }).getByRole("img", { name: "Reference 1" });
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(200);
});

test("a file that is not an image is refused by content, and nothing is charged", async ({ page }) => {
  await signInToApp(page);
  const response = await page.request.post("/api/styles", {
    headers: { Origin: `http://localhost:${e2ePorts.app}` },
    multipart: {
      name: "Sneaky",
      description: "Pretends to be an image",
      references: { name: "fake.png", mimeType: "image/png", buffer: Buffer.from("<script>alert(1)</script>") },
    },
  });
  expect(response.status()).toBe(400);
  expect((await response.json()).error.message).toContain("is not an image we can read");
  await page.goto("/app/style");
  await expect(page.getByTestId("credit-badge")).toContainText("100");
});

test("start from a preset", async ({ page }) => {
  await signInToApp(page);
  // With no styles yet the presets are the page's first screen: in its HTML.
  const html = async () => (await page.request.get("/app/style")).text();
  expect(await html()).toContain("Use this preset");
  await page.goto("/app/style");
  const preset = page.getByRole("article", { name: "Pixel art preset" });
  await expect(preset.getByRole("img")).toHaveCount(4);
  // Each card image is the preset's sample at twice the card's size, drawn when the app was built.
  const first = preset.getByRole("img").first();
  await first.scrollIntoViewIfNeeded();
  await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);
  const address = new URL((await first.getAttribute("src"))!, page.url());
  const served = await page.request.get(address.href);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect((await served.body()).equals(readFileSync(`build/client${address.pathname}`))).toBe(true);
  await preset.getByRole("button", { name: "Use this preset" }).click();
  const dialog = page.getByRole("dialog", { name: "New style" });
  await expect(dialog.getByLabel("Name")).toHaveValue("Pixel art");
  await expect(dialog.getByLabel("Description")).toHaveValue(/Retro 32×32 pixel art/);
  await dialog.getByText("Draft", { exact: true }).click();
  await dialog.getByRole("button", { name: /Create style/ }).click();
  await expect(page.getByRole("article", { name: "Pixel art", exact: true }).getByRole("img")).toHaveCount(4, {
    timeout: 20_000,
  });
  // Below a style of one's own they are off the first screen: left out of the HTML, drawn once
  // the page is live.
  expect(await html()).not.toContain("Use this preset");
  await page.reload();
  await expect(page.getByRole("button", { name: "Use this preset" })).toHaveCount(3);
});

test("edit and delete a style", async ({ page }) => {
  await signInToApp(page);
  await page.goto("/app/style");
  const card = await createStyleInUi(page, { name: "Short lived", description: "Pixel art, retro palette" });
  await expect(card.getByRole("img")).toHaveCount(4, { timeout: 20_000 });

  await card.getByRole("button", { name: "Actions for Short lived" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Short lived" });
  await edit.getByLabel("Name").fill("Retro pixels");
  await edit.getByRole("button", { name: "Save" }).click();
  const renamed = page.getByRole("article", { name: "Retro pixels" });
  await expect(renamed).toBeVisible();

  const imageUrl = await renamed.getByRole("img").first().getAttribute("src");
  await renamed.getByRole("button", { name: "Actions for Retro pixels" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete style" }).click();
  await expect(renamed).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Create your first style" })).toBeVisible();
  expect((await page.request.get(imageUrl!)).status()).toBe(404);
});

test.describe("with the OpenAI provider", () => {
  const base = `http://localhost:${e2ePorts.openaiApp}`;
  const control = `http://127.0.0.1:${e2ePorts.openai}/__control`;
  test.describe.configure({ mode: "serial" });
  test.afterEach(async ({ request }) => {
    await request.delete(control);
  });

  test("a failing provider shows the error toast and the refunded balance", async ({ page, request }) => {
    await request.post(control, { data: { failAlways: "server_error" } });
    await signInToApp(page, uniqueEmail("failing"), base);
    await page.goto(`${base}/app/style`);
    await expect(page.getByTestId("provider-label")).toContainText("OpenAI gpt-image-1.5");
    await createStyleInUi(page, { name: "Doomed", description: "Anything at all", draft: false, price: 32 });

    const toast = page.locator('[data-toast-id][data-color="error"]').filter({ hasText: "Generation failed" });
    await expect(toast).toContainText("You were not charged.", { timeout: 30_000 });
    await expect(page.getByTestId("credit-badge")).toContainText("100");
    const card = page.getByRole("article", { name: "Doomed" });
    await expect(card).toHaveAttribute("data-status", "failed");
    await expect(card.getByRole("alert")).toContainText("Your 32 credits were refunded.");
    // No job runs and no sample was made: four dashed slots say so, none pulses as if one were coming.
    await expect(slots(card, "missing")).toHaveCount(4);
    await expect(slots(card, "missing").first()).toHaveText("No sample yet");
    await expect(slots(card, "generating")).toHaveCount(0);
    await expectNoViolations(page, "failed style card");
  });

  test("a working provider produces the anchors", async ({ page }) => {
    await signInToApp(page, uniqueEmail("openai"), base);
    await page.goto(`${base}/app/style`);
    const card = await createStyleInUi(page, { name: "Via OpenAI", description: "Soft 3D clay figures", price: 12 });
    await expect(card.getByRole("img")).toHaveCount(4, { timeout: 30_000 });
    await expect(page.getByTestId("credit-badge")).toContainText("88");
  });

  test("the home page follows a generation live", async ({ page, request }) => {
    // Long enough that the samples are still on their way when the home page opens on a busy machine.
    await request.post(control, { data: { latencyMs: 2000 } });
    await signInToApp(page, uniqueEmail("home-live"), base);
    await page.goto(`${base}/app/style`);
    await createStyleInUi(page, { name: "Live at home", description: "Glossy 3D badges", price: 12 });
    await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Create" }).click();
    const card = page
      .getByRole("region", { name: "Your latest styles" })
      .getByRole("article", { name: "Live at home" });
    await expect(card.getByTestId("style-progress")).toBeVisible();
    // The samples arrive one by one, without a reload.
    await expect(card.getByRole("img")).toHaveCount(4, { timeout: 30_000 });
    await expect(card).toHaveAttribute("data-status", "succeeded");
  });

  test("cancel a running generation, keep what was made, then make the missing samples", async ({ page, request }) => {
    await request.post(control, { data: { latencyMs: 3000 } });
    await signInToApp(page, uniqueEmail("cancel"), base);
    await page.goto(`${base}/app/style`);
    const card = await createStyleInUi(page, { name: "Halfway", description: "Paper cut-out shapes", price: 12 });
    await expect(card.getByTestId("style-progress")).toContainText("1 of 4", { timeout: 20_000 });
    // The samples on their way are skeletons that pulse, and hold still for people who ask for less motion.
    const coming = slots(card, "generating");
    await expect(coming.first()).toBeVisible();
    await expect(slots(card, "missing")).toHaveCount(0);
    const animation = () =>
      coming
        .first()
        .locator(".animate-pulse")
        .evaluate((el) => getComputedStyle(el).animationName);
    // Polled: the next sample may arrive between two reads and replace the first skeleton.
    await expect.poll(animation).not.toBe("none");
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect.poll(animation).toBe("none");
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await card.getByRole("button", { name: "Cancel generating Halfway" }).click();

    const toast = page.locator('[data-toast-id][data-color="success"]').filter({ hasText: "Generation cancelled" });
    await expect(toast).toContainText(/Cancelled after \d of 4 images\. \d+ unused credits were refunded\./);
    const made = Number(/after (\d) of 4/.exec((await toast.textContent())!)![1]);
    await expect(card).toHaveAttribute("data-status", "canceled");
    await expect(card.getByRole("img")).toHaveCount(made);
    // The ones not made are missing now, not coming: dashed slots beside the button that makes them.
    await expect(slots(card, "missing")).toHaveCount(4 - made);
    await expect(slots(card, "generating")).toHaveCount(0);
    await expect(page.getByTestId("credit-badge")).toContainText(String(100 - 3 * made));
    await expect(card.getByRole("status").filter({ hasText: "Cancelled after" })).toBeVisible();
    // The Cancel button is gone; the focus stays in the card, on its name.
    await expect(card.getByRole("heading", { name: "Halfway" })).toBeFocused();
    await expectNoViolations(page, "cancelled style card");

    // The worker stops: no more images arrive for the cancelled job.
    await page.waitForTimeout(3500);
    await expect(card.getByRole("img")).toHaveCount(made);

    await request.post(control, { data: { latencyMs: 0 } });
    const missing = 4 - made;
    await card
      .getByRole("button", { name: new RegExp(`Make ${missing} missing samples? · ${3 * missing} credits`) })
      .click();
    await expect(card.getByRole("img")).toHaveCount(4, { timeout: 20_000 });
    await expect(card).toHaveAttribute("data-status", "succeeded");
    await expect(card.getByTestId("sample-slot")).toHaveCount(0);
    await expect(page.getByTestId("credit-badge")).toContainText("88");
    await expect(card.getByRole("button", { name: /missing/ })).toHaveCount(0);
    // The new samples were matched to the ones already made: they went as reference images.
    const sent = (await (await request.get(`http://127.0.0.1:${e2ePorts.openai}/__requests`)).json()) as {
      imageCount: number;
    }[];
    expect(sent.at(-1)!.imageCount).toBe(made);
  });
});

test("the styles page shows the newest twelve styles, loads more on request and keeps them on reload", async ({
  page,
  browser,
}) => {
  // Thirteen styles, each waited for until its samples are drawn: most of a minute on a slow day.
  test.slow();
  await signInWithApi(page);
  const base = `http://localhost:${e2ePorts.app}`;
  const me = (await (await page.request.get(`${base}/api/users/me`)).json()) as { user: { uid: string } };
  // Thirteen draft styles cost more than a new account's credits: an operator gives some.
  const operator = await (await browser.newContext()).newPage();
  await signInWithApi(operator, "operator@example.com");
  const granted = await operator.request.post(`${base}/api/admin/users/${me.user.uid}/credits`, {
    headers: { Origin: base },
    data: { amount: 100, reason: "Many styles" },
  });
  expect(granted.status()).toBe(200);
  const names = Array.from({ length: 13 }, (_, i) => `Many styles ${String(i + 1).padStart(2, "0")}`);
  for (const name of names) await createStyleWithApi(page, name);

  await page.goto("/app/style");
  const cards = page.getByRole("list", { name: "Your styles" }).getByRole("article");
  await expect(cards).toHaveCount(12);
  await expect(cards.first()).toHaveAccessibleName("Many styles 13");
  await expect(page.getByText("Showing 12 of 13 styles")).toBeVisible();
  await expect(page.getByRole("article", { name: "Many styles 01" })).toHaveCount(0);

  // The oldest style is not shown, yet a new style of its name is told it exists.
  await waitForHydration(page);
  const dialog = await openNewStyleDialog(page);
  await dialog.getByLabel("Name").fill("Many styles 01");
  await expect(dialog.getByText("You already have a style called “Many styles 01”.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Load more" }).click();
  await expect(cards).toHaveCount(13);
  await expect(page.getByRole("article", { name: "Many styles 01" })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/style\?pages=2$/);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);

  await page.reload();
  await expect(cards).toHaveCount(13);
});
