import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { balanceWithApi, signInWithApi, uniqueEmail } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi, generateObjectsWithApi, waitForJob } from "./support/objects";
import { e2ePorts } from "./support/ports";

// Editing on the instance whose default model is OpenAI (a local fake of its Images API), and
// the preview-only instance, where the panel says why it cannot.
const openaiBase = `http://localhost:${e2ePorts.openaiApp}`;

test("edit an object's image with words, then paint a region with the mouse and repaint it; each is a new image, charged once", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInWithApi(page, uniqueEmail("edits"), openaiBase);
  const styleId = await createStyleWithApi(page, "Edited icons", openaiBase);
  const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Fox"] }, openaiBase);
  await waitForJob(page, job.id, openaiBase);
  await page.goto(`${openaiBase}/app/object/${objects[0]!.id}`);
  const balance = await balanceWithApi(page, openaiBase);
  const strip = page.getByTestId("variant-strip");
  const panel = page.getByRole("region", { name: "Edit this image" });

  // Words: a draft square on OpenAI is 3 credits.
  await panel.getByLabel("What to change", { exact: true }).fill("wearing a red scarf");
  await expect(panel.getByTestId("edit-image")).toHaveText("Edit image· 3 credits");
  await panel.getByTestId("edit-image").click();
  await expect(page.locator("[data-toast-id]").filter({ hasText: /Editing Fox|Edited Fox/ })).toBeVisible();
  await expect(strip.getByRole("button", { name: /^Image 2, edited/ })).toBeVisible({ timeout: 30_000 });
  await strip.getByRole("button", { name: /^Image 2, edited/ }).click();
  await expect(page.getByTestId("image-lineage")).toHaveText("Edited from image 1");
  await expect(page.getByTestId("image-instruction")).toHaveText("“wearing a red scarf”");
  expect(await balanceWithApi(page, openaiBase)).toBe(balance - 3);

  // A region: the brush replaces the stage; nothing can be sent until something is painted.
  await panel.getByRole("button", { name: "Paint a region" }).click();
  const canvas = page.getByTestId("paint-canvas");
  // The image to paint on is brought into view.
  await expect(canvas).toBeInViewport({ ratio: 0.5 });
  await panel.getByLabel("What goes in the painted region").fill("a golden crown");
  await expect(panel.getByTestId("edit-image")).toBeDisabled();
  await expect(panel.getByText("Paint over the image to mark the region")).toBeVisible();
  // The brush's buttons are beside or below the image: it is brought back into view for each stroke.
  const drag = async (from: [number, number], to: [number, number]) => {
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    // Hovering waits until the canvas itself takes the pointer there (not a toast passing over it).
    await canvas.hover({ position: { x: box.width * from[0], y: box.height * from[1] } });
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 8 });
    await page.mouse.up();
  };
  await drag([0.3, 0.2], [0.7, 0.25]);
  await expect(panel.getByTestId("edit-image")).toBeEnabled();
  // Undo takes the stroke back; clear empties everything.
  await panel.getByRole("button", { name: "Undo" }).click();
  await expect(panel.getByTestId("edit-image")).toBeDisabled();
  await drag([0.3, 0.2], [0.7, 0.25]);
  await drag([0.35, 0.3], [0.65, 0.3]);
  await panel.getByRole("button", { name: "Clear" }).click();
  await expect(panel.getByTestId("edit-image")).toBeDisabled();
  await drag([0.3, 0.2], [0.7, 0.25]);
  await expect(panel.getByTestId("edit-image")).toHaveText("Repaint region· 3 credits");
  await expectNoViolations(page, "object page, painting a region");
  await panel.getByTestId("edit-image").click();
  await expect(page.locator("[data-toast-id]").filter({ hasText: /Repainting Fox|Repainted Fox/ })).toBeVisible();
  // The brush is put away and the repainted image arrives beside the others.
  await expect(page.getByTestId("image-stage")).toBeVisible();
  await expect(strip.getByRole("button", { name: /^Image 3, region repainted/ })).toBeVisible({ timeout: 30_000 });
  await strip.getByRole("button", { name: /^Image 3, region repainted/ }).click();
  await expect(page.getByTestId("image-lineage")).toHaveText("Region repainted from image 2");
  expect(await balanceWithApi(page, openaiBase)).toBe(balance - 6);
  await expect(page.getByTestId("credit-badge")).toContainText(String(balance - 6));
});

test("on the preview engine the edit panel says plainly why it cannot edit", async ({ page }) => {
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "Preview edits");
  const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Owl"] });
  await waitForJob(page, job.id);
  await page.goto(`/app/object/${objects[0]!.id}`);
  const panel = page.getByRole("region", { name: "Edit this image" });
  await expect(
    panel.getByText(/The preview engine .* cannot change an image; editing needs an AI model\./),
  ).toBeVisible();
  await expect(panel.getByLabel("What to change", { exact: true })).toBeDisabled();
  await expect(panel.getByTestId("edit-image")).toBeDisabled();
});

test("AI upscale ×2 with ComfyUI's upscale model: a paid job whose image is exactly twice the size and keeps its transparency", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInWithApi(page, uniqueEmail("ai-upscale"), openaiBase);
  const styleId = await createStyleWithApi(page, "Upscaled icons", openaiBase);
  const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Lantern"] }, openaiBase);
  await waitForJob(page, job.id, openaiBase);
  await page.goto(`${openaiBase}/app/object/${objects[0]!.id}`);
  const balance = await balanceWithApi(page, openaiBase);

  // OpenAI, the object's model, has no upscaler; ComfyUI's is offered, at a draft square's price.
  const group = page.getByTestId("ai-upscale");
  await expect(group).toContainText("the upscale model in ComfyUI · 3 credits");
  await group.getByRole("button", { name: /AI ×2/ }).click();
  await expect(page.locator("[data-toast-id]").filter({ hasText: "Upscaling ×2" })).toBeVisible();
  const strip = page.getByTestId("variant-strip");
  await expect(strip.getByRole("button", { name: /^Image 2, upscaled ×2/ })).toBeVisible({ timeout: 30_000 });
  await strip.getByRole("button", { name: /^Image 2, upscaled ×2/ }).click();
  await expect(page.getByTestId("image-lineage")).toHaveText("Upscaled ×2 · AI upscaler from image 1");
  expect(await balanceWithApi(page, openaiBase)).toBe(balance - 3);

  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /PNG \(original file\)/ }).click(),
  ]);
  const png = readFileSync((await file.path())!);
  const meta = await sharp(png).metadata();
  expect([meta.width, meta.height, meta.hasAlpha]).toEqual([2048, 2048, true]);
  const stats = await sharp(png).stats();
  expect([stats.channels[3]!.min, stats.channels[3]!.max]).toEqual([0, 255]);
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, viewport: { width: 375, height: 812 } });

  test("a finger paints the region: a tap marks it, undo takes it back", async ({ page }) => {
    await signInWithApi(page, uniqueEmail("touch-paint"), openaiBase);
    const styleId = await createStyleWithApi(page, "Touch icons", openaiBase);
    const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Kite"] }, openaiBase);
    await waitForJob(page, job.id, openaiBase);
    await page.goto(`${openaiBase}/app/object/${objects[0]!.id}`);
    const panel = page.getByRole("region", { name: "Edit this image" });
    await panel.getByRole("button", { name: "Paint a region" }).tap();
    await panel.getByLabel("What goes in the painted region").fill("a rainbow tail");
    const submit = panel.getByTestId("edit-image");
    await expect(submit).toBeDisabled();
    const canvas = page.getByTestId("paint-canvas");
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 3);
    await expect(submit).toBeEnabled();
    await panel.getByRole("button", { name: "Undo" }).tap();
    await expect(submit).toBeDisabled();
  });
});
