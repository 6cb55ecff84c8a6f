import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { signInWithApi } from "./support/auth";
import { createStyleWithApi } from "./support/objects";
import { openNewStyleDialog } from "./support/styles";

/** What Vite dispatches when a code chunk of an old build is gone from the server. */
async function failAChunk(page: Page) {
  const reloaded = page.waitForEvent("load");
  await page.evaluate(() => {
    const event = new Event("vite:preloadError", { cancelable: true }) as Event & { payload?: unknown };
    event.payload = new TypeError("Failed to fetch dynamically imported module: /assets/gone-123.js");
    window.dispatchEvent(event);
  });
  await reloaded;
}

const group = (scope: Page | Locator, legend: string) => scope.getByRole("group", { name: legend });

const referencePng = (colour: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();

test("a chunk-load reload keeps the composer's text and settings, once", async ({ page }) => {
  await signInWithApi(page);
  await page.goto("/app");
  const objects = page.getByLabel("Objects", { exact: true });
  await objects.fill("Treasure chest\nIron sword");
  await group(page, "Size").getByText("Landscape").click();
  await group(page, "Detail").getByText("High").click();
  await group(page, "Variations per object").getByText("3").click();
  await page.getByRole("switch", { name: "Transparent background" }).click();
  await page.getByLabel("Extra prompt").fill("soft rim light");

  await failAChunk(page);
  await expect(page).toHaveURL(/\/app$/);
  await expect(objects).toHaveValue("Treasure chest\nIron sword");
  await expect(group(page, "Size").getByRole("radio", { name: "Landscape" })).toBeChecked();
  await expect(group(page, "Detail").getByRole("radio", { name: "High" })).toBeChecked();
  await expect(group(page, "Variations per object").getByRole("radio", { name: "3" })).toBeChecked();
  await expect(page.getByRole("switch", { name: "Transparent background" })).not.toBeChecked();
  await expect(page.getByLabel("Extra prompt")).toHaveValue("soft rim light");

  // The draft came back once; an ordinary reload starts afresh.
  await page.reload();
  await expect(page.getByRole("heading", { name: "What do you want to make?" })).toBeVisible();
  await expect(objects).toHaveValue("");
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith("motif-draft:")))).toEqual(
    [],
  );
});

test("a chunk-load reload reopens the New style dialog with what was typed, and says the images must be added again", async ({
  page,
}) => {
  await signInWithApi(page);
  await page.goto("/app/style");
  const dialog = await openNewStyleDialog(page);
  await dialog.getByRole("tab", { name: "From reference images" }).click();
  await dialog.getByLabel("Reference images", { exact: true }).setInputFiles([
    { name: "red.png", mimeType: "image/png", buffer: await referencePng("#e63946") },
    { name: "teal.png", mimeType: "image/png", buffer: await referencePng("#2a9d8f") },
  ]);
  await dialog.getByLabel("Name").fill("Kept across a deploy");
  await dialog.getByLabel(/What to keep from the images/).fill("only the chunky outlines");
  await dialog.getByText("Landscape", { exact: true }).click();
  await dialog.getByText("Draft", { exact: true }).click();
  await dialog.getByRole("switch", { name: "Transparent background" }).click();
  await expect(dialog.getByTestId("lost-references")).toBeHidden();

  await failAChunk(page);
  await expect(page).toHaveURL(/\/app\/style$/);
  const reopened = page.getByRole("dialog", { name: "New style" });
  await expect(reopened).toBeVisible();
  await expect(reopened.getByRole("tab", { name: "From reference images" })).toHaveAttribute("aria-selected", "true");
  await expect(reopened.getByLabel("Name")).toHaveValue("Kept across a deploy");
  await expect(reopened.getByLabel(/What to keep from the images/)).toHaveValue("only the chunky outlines");
  await expect(group(reopened, "Size").getByRole("radio", { name: "Landscape" })).toBeChecked();
  await expect(group(reopened, "Detail").getByRole("radio", { name: "Draft" })).toBeChecked();
  await expect(reopened.getByRole("switch", { name: "Transparent background" })).not.toBeChecked();
  await expect(reopened.getByTestId("lost-references")).toHaveText(
    "Your reference images could not be kept when the page reloaded; add them again.",
  );

  // Adding an image again answers the note.
  await reopened
    .getByLabel("Reference images", { exact: true })
    .setInputFiles({ name: "red.png", mimeType: "image/png", buffer: await referencePng("#e63946") });
  await expect(reopened.getByTestId("lost-references")).toBeHidden();

  await page.reload();
  await expect(page.getByRole("heading", { name: "Styles", level: 1 })).toBeVisible();
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("a chunk-load reload reopens the Edit style dialog for that style, with the edits made", async ({ page }) => {
  await signInWithApi(page);
  await createStyleWithApi(page, "Before the deploy");
  await page.goto("/app/style");
  await page
    .getByRole("article", { name: "Before the deploy", exact: true })
    .getByRole("button", { name: "Actions for Before the deploy" })
    .click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Before the deploy" });
  await dialog.getByLabel("Name").fill("After the deploy");
  await dialog.getByLabel("Description").fill("Muted watercolour, sage and rose");
  await dialog.getByLabel("Colour 1 code").fill("#123456");
  await dialog.getByText("Portrait", { exact: true }).click();
  await dialog.getByText("High", { exact: true }).click();

  await failAChunk(page);
  const reopened = page.getByRole("dialog", { name: "Edit Before the deploy" });
  await expect(reopened).toBeVisible();
  await expect(reopened.getByLabel("Name")).toHaveValue("After the deploy");
  await expect(reopened.getByLabel("Description")).toHaveValue("Muted watercolour, sage and rose");
  await expect(reopened.getByLabel("Colour 1 code")).toHaveValue("#123456");
  await expect(group(reopened, "Size").getByRole("radio", { name: "Portrait" })).toBeChecked();
  await expect(group(reopened, "Detail").getByRole("radio", { name: "High" })).toBeChecked();
  await expect(reopened.getByTestId("stale-preview")).toContainText(
    "the earlier description, palette, size and detail",
  );

  // The restored edits save like typed ones.
  await reopened.getByRole("button", { name: "Save" }).click();
  await expect(reopened).toBeHidden();
  await expect(page.getByRole("article", { name: "After the deploy", exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole("article", { name: "After the deploy", exact: true })).toBeVisible();
  await expect(page.getByRole("dialog")).toBeHidden();
});
