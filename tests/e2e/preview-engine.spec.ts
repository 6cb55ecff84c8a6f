import { expect, test } from "@playwright/test";
import { signInWithApi, uniqueEmail } from "./support/auth";
import { createStyleWithApi } from "./support/objects";
import { e2ePorts } from "./support/ports";
import { openNewStyleDialog } from "./support/styles";

// The second instance runs with the defaults: the preview engine, free.
const base = `http://localhost:${e2ePorts.shortLinks}`;
const explanation = "Made by Motif's built-in preview engine, not by an AI model.";

test("the preview engine's images are badged as previews and cost nothing", async ({ page }) => {
  test.setTimeout(90_000);
  await signInWithApi(page, uniqueEmail("preview"), base);

  // The price before generating says so.
  await page.goto(`${base}/app/style`);
  const dialog = await openNewStyleDialog(page);
  await expect(dialog.getByTestId("style-price")).toContainText("Free preview");
  await dialog.getByLabel("Name").fill("Pixel previews");
  await dialog.getByLabel("Description").fill("Pixel art sprites in red and navy");
  await dialog.getByRole("button", { name: "Create style · Free preview" }).click();

  // Every sample tile carries a visible badge that explains itself.
  const card = page.getByRole("article", { name: "Pixel previews", exact: true });
  const badges = card.getByTestId("preview-badge");
  await expect(badges).toHaveCount(4, { timeout: 30_000 });
  for (const badge of await badges.all()) {
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText(`Preview: ${explanation}`);
    await expect(badge).toHaveAttribute("title", explanation);
  }
  await expect(page.getByTestId("credit-badge")).toContainText("250");

  // The sample viewer says it too.
  await card.getByRole("button", { name: "View a cosy house" }).click();
  const viewer = page.getByRole("dialog", { name: "Pixel previews" });
  await expect(viewer.getByTestId("preview-badge")).toBeVisible();
  await expect(viewer).toContainText(`transparent · ${explanation}`);
  await page.keyboard.press("Escape");

  // The composer prices a set as a free preview, and its job card is badged.
  await page.goto(`${base}/app`);
  await page.getByLabel("Objects", { exact: true }).fill("Treasure chest\nFlibbertigibbet");
  await page.getByRole("radio", { name: /Pixel previews/ }).check();
  const generate = page.getByTestId("generate-objects");
  await expect(generate).toContainText("2 objects × 1 variation · Free preview");
  await generate.click();
  const job = page.getByTestId("job-card").first();
  await expect(job.getByTestId("preview-badge")).toBeVisible();
  await expect(job).toContainText("Free preview");
  await expect(job.getByRole("link", { name: /Open the set/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("credit-badge")).toContainText("250");

  // In the library, each cover is badged.
  await page.goto(`${base}/app/object`);
  const unknown = page.getByRole("article", { name: "Flibbertigibbet" });
  await expect(unknown.getByTestId("preview-badge")).toBeVisible();

  // The object page: the stage, the details, and what the engine could not do.
  await unknown.getByRole("link").click();
  await expect(page.getByTestId("image-stage").getByTestId("preview-badge")).toBeVisible();
  const details = page.getByRole("region", { name: "How this image was made" });
  await expect(details).toContainText("Preview engine");
  await expect(details).toContainText(explanation);
  await expect(details).toContainText("A labelled placeholder: the preview engine cannot draw this subject");
  // What more images would be, said before anyone asks for them.
  await expect(page.getByRole("region", { name: "More variations" }).getByTestId("preview-limit")).toContainText(
    "new images take the ones this object does not have yet",
  );
  const views = page.getByRole("region", { name: "New images of this object" });
  await expect(views.getByTestId("preview-limit")).toContainText("cannot pose or turn a subject");
  // Said before the click, and nothing to click: the preview engine makes no views.
  await views.getByLabel("What to draw, one a line").fill("side view");
  await expect(views.getByTestId("draw-views")).toBeDisabled();
  // No model here can repaint a region, so no brush is offered to paint one.
  await expect(page.getByRole("button", { name: "Paint a region" })).toHaveCount(0);
  await expect(details).toContainText("Free preview");
});

test("an operator who prices previews sees the price, and the images are still badged", async ({ page }) => {
  // The first instance sets PREVIEW_PRICE=standard.
  await signInWithApi(page, uniqueEmail("preview-priced"));
  await page.goto("/app/style");
  const dialog = await openNewStyleDialog(page);
  await dialog.getByText("Draft", { exact: true }).click();
  await expect(dialog.getByTestId("style-price")).toContainText("12 credits");
  await page.keyboard.press("Escape");
  await createStyleWithApi(page, "Priced previews");
  await page.reload();
  const card = page.getByRole("article", { name: "Priced previews", exact: true });
  await expect(card.getByTestId("preview-badge")).toHaveCount(4);
  await expect(page.getByTestId("credit-badge")).toContainText("88");
});
