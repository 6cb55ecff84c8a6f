import { expect, test } from "@playwright/test";
import { balanceWithApi, signInWithApi, uniqueEmail } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi, generateObjectsWithApi, waitForJob } from "./support/objects";
import { e2ePorts } from "./support/ports";

// Game assets a model draws — an animation, a texture — on the instance whose default model is
// OpenAI (a local fake of its Images API); and the preview-only instance, which says before the
// click that it cannot.
const openaiBase = `http://localhost:${e2ePorts.openaiApp}`;

test("a knight's walk drawn by a model: priced before the click, drawn frame by frame, played, and one frame redrawn", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWithApi(page, uniqueEmail("drawn-walk"), openaiBase);
  const styleId = await createStyleWithApi(page, "Drawn knights", openaiBase);
  const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Knight"] }, openaiBase);
  await waitForJob(page, job.id, openaiBase);
  await page.goto(`${openaiBase}/app/object/${objects[0]!.id}`);
  const balance = await balanceWithApi(page, openaiBase);

  const panel = page.getByRole("region", { name: "Animation" });
  await panel.getByText("A model", { exact: true }).click();
  await expect(panel.getByTestId("animation-maker-hint")).toContainText(
    "OpenAI gpt-image-1.5 draws each frame in turn",
  );
  await panel.getByLabel("Action", { exact: true }).selectOption({ label: "Walk" });
  await panel.getByLabel("Frames", { exact: true }).selectOption("4");
  await panel.getByLabel("In your words (optional)").fill("marching with a spear");
  // A draft square on OpenAI is 3 credits a frame: 4 frames, 12 credits, said on the button.
  await expect(panel.getByTestId("draw-animation")).toHaveText("Draw 4 frames· 12 credits");
  await panel.getByLabel("Directions", { exact: true }).selectOption({ label: "4 · S, E, N, W" });
  // West mirrored from east: three directions drawn.
  await expect(panel.getByTestId("draw-animation")).toHaveText("Draw 12 frames· 36 credits");
  await panel.getByLabel("Directions", { exact: true }).selectOption({ label: "One" });
  await expectNoViolations(page, "the animation panel drawing with a model");
  await panel.getByTestId("draw-animation").click();
  await expect(
    page.locator("[data-toast-id]").filter({ hasText: /Drawing 4 frames of Knight|Drew Knight/ }),
  ).toBeVisible();

  // The frames appear one by one as they are drawn; at the end they fold into the sheet, and the
  // strip holds the knight and the sheet.
  const strip = page.getByTestId("variant-strip");
  const sheets = strip.getByRole("button", { name: /^Image \d, animation · walk · 4 frames · drawn by a model/ });
  await expect(sheets).toHaveCount(1, { timeout: 60_000 });
  await expect(strip.getByRole("button", { name: /^Image \d/ })).toHaveCount(2);
  expect(await balanceWithApi(page, openaiBase)).toBe(balance - 12);
  await sheets.click();
  await expect(page.getByTestId("image-lineage")).toHaveText(
    "Animation · walk · 4 frames · drawn by a model from image 1",
  );
  const player = panel.getByTestId("animation-player");
  const first = await player.getAttribute("data-frame");
  await expect.poll(() => player.getAttribute("data-frame")).not.toBe(first);

  // One frame redrawn: one image's price, and a new sheet with it.
  await panel
    .getByRole("list", { name: /Frames/ })
    .getByRole("button", { name: "Frame 3" })
    .click();
  await expect(player).toHaveAttribute("data-frame", "2");
  await expect(panel.getByTestId("redraw-frame")).toHaveText("Redraw · 3 credits");
  await expectNoViolations(page, "an animation drawn by a model, a frame chosen");
  await panel.getByTestId("redraw-frame").click();
  // The redrawn frame folds into a new sheet beside the first.
  await expect(sheets).toHaveCount(2, { timeout: 60_000 });
  await expect(strip.getByRole("button", { name: /^Image \d/ })).toHaveCount(3);
  expect(await balanceWithApi(page, openaiBase)).toBe(balance - 15);
});

test("a grass texture drawn by a model, priced before the click, made to wrap and cut into a 32-px tile", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInWithApi(page, uniqueEmail("drawn-texture"), openaiBase);
  const styleId = await createStyleWithApi(page, "Drawn ground", openaiBase);
  const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Grass"] }, openaiBase);
  await waitForJob(page, job.id, openaiBase);
  await page.goto(`${openaiBase}/app/object/${objects[0]!.id}`);
  const balance = await balanceWithApi(page, openaiBase);

  const panel = page.getByRole("region", { name: "Tiles" });
  await panel.getByLabel("Draw a texture with a model").fill("clover and short grass");
  await expect(panel.getByTestId("draw-texture")).toHaveText("Draw texture· 3 credits");
  await panel.getByTestId("draw-texture").click();
  const strip = page.getByTestId("variant-strip");
  await expect(strip.getByRole("button", { name: /^Image 2/ })).toBeVisible({ timeout: 60_000 });
  expect(await balanceWithApi(page, openaiBase)).toBe(balance - 3);
  await strip.getByRole("button", { name: /^Image 2/ }).click();
  await expect(panel).toContainText("A texture a model drew, made to wrap");
  await expect(panel.getByTestId("tile-field")).toBeVisible();
  await expectNoViolations(page, "a texture a model drew, in the tiles panel");
  await panel.getByLabel("Tile size", { exact: true }).selectOption({ label: "32 px" });
  await panel.getByTestId("make-seamless-tile").click();
  await expect(page.locator("[data-toast-id]").filter({ hasText: "Seamless tile made" })).toContainText(
    "A 32-px seamless tile of Grass was added.",
  );
  expect(await balanceWithApi(page, openaiBase)).toBe(balance - 3);
});

test("on the preview engine alone, the panels say before the click that no model here can draw frames or textures", async ({
  page,
}) => {
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "Preview knights");
  const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Knight"] });
  await waitForJob(page, job.id);
  await page.goto(`/app/object/${objects[0]!.id}`);
  const panel = page.getByRole("region", { name: "Animation" });
  await panel.getByText("A model", { exact: true }).click();
  await expect(panel.getByTestId("animation-maker-hint")).toContainText("None of the models here can draw frames");
  await expect(panel.getByTestId("draw-animation")).toBeDisabled();
  const tiles = page.getByRole("region", { name: "Tiles" });
  await expect(tiles).toContainText("The preview engine draws its own textures");
  await expect(tiles.getByTestId("draw-texture")).toBeDisabled();
});
