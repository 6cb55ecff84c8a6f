import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { signInToApp } from "./support/auth";
import { createStyleInUi, openNewStyleDialog } from "./support/styles";

async function editStyle(page: Page, name: string) {
  await page
    .getByRole("article", { name, exact: true })
    .getByRole("button", { name: `Actions for ${name}` })
    .click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  // The dialog's code loads when it first opens (docs/decisions/127): wait for it, as a person does.
  const dialog = page.getByRole("dialog", { name: `Edit ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

const referencePng = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: "#e63946" } })
    .png()
    .toBuffer();

// Each test makes a style and its samples (twice, in the first): more than the default allows on a busy machine.
test.describe.configure({ timeout: 120_000 });

test("after an edit, the card says the samples are out of date and makes new ones at the price shown, or keeps them", async ({
  page,
}) => {
  await signInToApp(page);
  await page.goto("/app/style");
  const card = await createStyleInUi(page, { name: "Edited", description: "Flat vector icons, warm amber" });
  await expect(card.getByRole("img")).toHaveCount(4, { timeout: 20_000 });
  await expect(page.getByTestId("credit-badge")).toContainText("88");

  const dialog = await editStyle(page, "Edited");
  const swatchesBefore = await dialog.getByRole("list", { name: "Palette colours" }).getByRole("textbox").all();
  const firstBefore = await swatchesBefore[0]!.inputValue();
  await dialog.getByLabel("Description").fill("Muted watercolour, sage and rose");
  // Colours no one chose follow the new words, and the dialog says so before saving.
  await expect(dialog.getByTestId("palette-follows")).toHaveText(
    "The palette follows the new description. Change a colour to choose your own.",
  );
  await expect(dialog.getByRole("list", { name: "Palette colours" }).getByRole("textbox").first()).not.toHaveValue(
    firstBefore,
  );
  await expect(dialog.getByTestId("stale-preview")).toContainText(
    "The sample images were made for the earlier description and palette.",
  );
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  const stale = card.getByTestId("stale-samples");
  await expect(stale).toContainText("These samples were made for the earlier description and palette.");
  await stale.getByRole("button", { name: "Make new samples · 12 credits" }).click();
  await expect(page.getByTestId("credit-badge")).toContainText("76");
  // The old samples go at once; four new ones arrive live.
  await expect(stale).toBeHidden();
  await expect(card).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
  await expect(card.getByRole("img")).toHaveCount(4, { timeout: 30_000 });

  const again = await editStyle(page, "Edited");
  await again.getByText("Portrait", { exact: true }).click();
  await again.getByRole("button", { name: "Save" }).click();
  await expect(stale).toContainText("made for the earlier size");
  await expect(stale.getByRole("button", { name: "Make new samples · 20 credits" })).toBeVisible();
  await stale.getByRole("button", { name: "Keep these" }).click();
  await expect(stale).toBeHidden();
  await expect(page.getByTestId("credit-badge")).toContainText("76");
});

test("a style from reference images alone: no description, its words derived from the images", async ({ page }) => {
  await signInToApp(page);
  await page.goto("/app/style");
  const dialog = await openNewStyleDialog(page);
  await dialog.getByRole("tab", { name: "From reference images" }).click();
  await dialog
    .getByLabel("Reference images", { exact: true })
    .setInputFiles({ name: "red.png", mimeType: "image/png", buffer: await referencePng() });
  await dialog.getByLabel("Name").fill("Only images");
  await expect(dialog.getByTestId("derived-hint")).toContainText("No description: Motif derives the style");
  await dialog.getByText("Draft", { exact: true }).click();
  await dialog.getByRole("button", { name: "Create style · 12 credits" }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole("article", { name: "Only images" });
  await expect(card.getByTestId("derived-description")).toContainText("Derived from its images:");
  await expect(card.getByTestId("derived-description")).toContainText("vivid, saturated colour");
  await expect(card.getByRole("img")).toHaveCount(4, { timeout: 20_000 });
});

test("a file that is not an image is refused when it is dropped, with its reason by the dropzone", async ({ page }) => {
  await signInToApp(page);
  await page.goto("/app/style");
  const dialog = await openNewStyleDialog(page);
  await dialog.getByRole("tab", { name: "From reference images" }).click();
  const dropzone = dialog.getByTestId("image-dropzone");
  const image = [...(await referencePng())];
  // A real drop: a DataTransfer with a file named like an image, holding a PDF, and a real image.
  await dropzone.evaluate((element, bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(["%PDF-1.7 a document"], "notes.png", { type: "image/png" }));
    transfer.items.add(new File([new Uint8Array(bytes)], "red.png", { type: "image/png" }));
    element.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, image);
  const problems = dialog.getByTestId("upload-problems");
  await expect(problems).toHaveText("notes.png is not a PNG, JPEG or WebP image.");
  await expect(dialog.getByRole("img", { name: "red.png" })).toBeVisible();
  await expect(dialog.getByRole("img", { name: "notes.png" })).toHaveCount(0);

  await dialog
    .getByLabel("Reference images", { exact: true })
    .setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7") });
  await expect(problems).toHaveText("report.pdf is not an image (it is application/pdf). Use PNG, JPEG or WebP.");
});

test("the palette is edited from the keyboard, and references are added and removed later", async ({ page }) => {
  await signInToApp(page);
  await page.goto("/app/style");
  const card = await createStyleInUi(page, { name: "Keys", description: "Red and navy flat icons" });
  await expect(card.getByRole("img")).toHaveCount(4, { timeout: 20_000 });

  await card.getByRole("button", { name: "Actions for Keys" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Edit" })).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Edit" })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Edit Keys" });
  const addColour = dialog.getByRole("button", { name: "Add colour" });
  // Tab from the name field to the Add colour button.
  await dialog.getByLabel("Name").focus();
  for (let i = 0; i < 40 && !(await addColour.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press("Tab");
  await expect(addColour).toBeFocused();
  await page.keyboard.press("Enter");
  const added = dialog.getByLabel("Colour 6 code");
  await expect(added).toBeFocused();
  await page.keyboard.type("#123456");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("button", { name: /^Remove colour 5/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel("Colour 5 code")).toHaveValue("#123456");
  await expect(dialog.getByTestId("stale-preview")).toContainText("the earlier palette");
  await dialog.getByLabel("Colour 5 code").focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  const palette = card.getByRole("list", { name: "Palette" }).getByRole("listitem");
  await expect(palette).toHaveCount(5);
  await expect(palette.last()).toHaveText("#123456");
  await expect(card.getByTestId("stale-samples")).toContainText("the earlier palette");

  // References: add one to the style, then remove it; the count follows.
  const edit = await editStyle(page, "Keys");
  await edit
    .getByLabel("Reference images", { exact: true })
    .setInputFiles({ name: "red.png", mimeType: "image/png", buffer: await referencePng() });
  await expect(edit.getByRole("img", { name: "Reference 1" })).toBeVisible();
  await expect(edit.getByRole("heading", { name: /Reference images/ })).toContainText("1 of 5");
  await edit.getByRole("button", { name: "Remove reference 1" }).click();
  await expect(edit.getByRole("img", { name: "Reference 1" })).toHaveCount(0);
  await expect(edit.getByRole("heading", { name: /Reference images/ })).toContainText("0 of 5");
});
