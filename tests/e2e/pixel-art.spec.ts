import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { classicPalettes } from "../../domain/classic-palettes";
import { pixelsOf } from "../support/pixel-fixtures";
import { signInWithApi } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi, generateObjectsWithApi, waitForJob } from "./support/objects";

for (const { width, scheme } of [
  { width: 1440, scheme: "light" },
  { width: 375, scheme: "dark" },
] as const) {
  test(`make an object into 32-px pixel art in the PICO-8 palette and download it ×8 (${width} px, ${scheme})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await signInWithApi(page);
    const styleId = await createStyleWithApi(page, "Pixel knights");
    const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Knight"] });
    await waitForJob(page, job.id);
    await page.goto(`/app/object/${objects[0]!.id}`);

    const panel = page.getByRole("region", { name: "Pixel art" });
    await expect(panel.getByLabel("Grid", { exact: true })).toHaveValue("32");
    await panel.getByLabel("Palette", { exact: true }).selectOption({ label: "PICO-8 · 16 colours" });
    // The palette's colours are shown before anything is made.
    await expect(panel.getByRole("list", { name: "PICO-8 colours" }).getByRole("listitem")).toHaveCount(16);
    await panel.getByLabel("Colours, at most").fill("1");
    await expect(panel.getByRole("alert")).toHaveText("Choose from 2 to 64 colours.");
    await expect(panel.getByTestId("make-pixel-art")).toBeDisabled();
    await panel.getByLabel("Colours, at most").fill("16");
    await expectNoViolations(page, `object page with the pixel-art panel, ${scheme}`);
    await panel.getByTestId("make-pixel-art").click();
    await expect(page.locator("[data-toast-id]").filter({ hasText: "Pixel art made" })).toContainText(
      "Image 1 as 32 × 32 pixel art was added to Knight.",
    );

    // Shown at once, second in the strip, crisp: the browser enlarges it pixel for pixel.
    const strip = page.getByTestId("variant-strip");
    await expect(strip.getByRole("button", { name: /^Image 2, pixel art · 32 px · pico-8/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const stage = page.getByTestId("image-stage").locator("img");
    await expect(stage).toHaveCSS("image-rendering", "pixelated");
    await expect(page.getByTestId("image-lineage")).toHaveText("Pixel art · 32 px · PICO-8 from image 1");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "PNG ×8, 256 × 256 px" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("knight-x8.png");
    const file = await pixelsOf(readFileSync(await download.path()));
    expect([file.width, file.height]).toEqual([256, 256]);
    expect([...file.alphas].sort((a, b) => a - b)).toEqual([0, 255]);
    for (const colour of file.colours) expect(classicPalettes["pico-8"].colours).toContain(colour);
    // Whole pixels: every 8 × 8 square is one colour.
    for (let y = 0; y < 256; y += 8) {
      for (let x = 0; x < 256; x += 8) {
        const corner = file.data.readUInt32BE((y * 256 + x) * 4);
        expect(file.data.readUInt32BE(((y + 7) * 256 + x + 7) * 4)).toBe(corner);
      }
    }
    await expectNoViolations(page, `object page showing pixel art, ${scheme}`);
  });
}

test("upload a palette file: a file that is not one is refused by its content, a GIMP palette locks the colours", async ({
  page,
}) => {
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "Sweetie knights");
  const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Knight"] });
  await waitForJob(page, job.id);
  await page.goto(`/app/object/${objects[0]!.id}`);

  const panel = page.getByRole("region", { name: "Pixel art" });
  await panel.getByLabel("Palette", { exact: true }).selectOption({ label: "Uploaded palette" });
  await expect(panel.getByTestId("make-pixel-art")).toBeDisabled();
  const file = panel.getByLabel("Palette file");
  // Named like a palette, holding a web page: refused for what it holds.
  await file.setInputFiles({ name: "sweetie.gpl", mimeType: "text/plain", buffer: Buffer.from("<html></html>") });
  await expect(panel.getByRole("alert")).toHaveText(/^This file is not a palette/);
  await expect(panel.getByTestId("make-pixel-art")).toBeDisabled();
  const gpl = "GIMP Palette\nName: Sweetie 4\n#\n26 28 44\n93 39 93\n177 62 83\n239 125 87\n";
  await file.setInputFiles({ name: "sweetie-4.gpl", mimeType: "text/plain", buffer: Buffer.from(gpl) });
  await expect(panel.getByText("sweetie-4.gpl: 4 colours.")).toBeVisible();
  await expect(panel.getByRole("list", { name: "Uploaded palette colours" }).getByRole("listitem")).toHaveCount(4);
  await expectNoViolations(page, "the pixel-art panel with an uploaded palette");
  await panel.getByTestId("make-pixel-art").click();
  await expect(page.getByTestId("image-lineage")).toContainText("Pixel art · 32 px · Uploaded palette");
});
