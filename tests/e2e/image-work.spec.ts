import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { signInWithApi } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi, generateObjectsWithApi, waitForJob } from "./support/objects";

for (const { width, scheme } of [
  { width: 1440, scheme: "light" },
  { width: 375, scheme: "dark" },
] as const) {
  test(`upscale an image ×4 from the object page: transparent, four times the size, no fringe, with its lineage (${width} px, ${scheme})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await signInWithApi(page);
    const styleId = await createStyleWithApi(page, "Upscale icons");
    const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Lantern"] });
    await waitForJob(page, job.id);
    await page.goto(`/app/object/${objects[0]!.id}`);

    const upscale = page.getByRole("group", { name: "Upscale" });
    await expect(upscale).toContainText("Basic upscale (no AI) · free");
    await expect(upscale.getByRole("button", { name: "×4 to 4096 px" })).toBeEnabled();
    await expectNoViolations(page, `object page with upscale, ${scheme}`);
    await upscale.getByRole("button", { name: "×4 to 4096 px" }).click();
    await expect(page.locator("[data-toast-id]").filter({ hasText: "Image Upscaled" })).toContainText(
      "Image 1 at ×4, 4096 × 4096, was added to Lantern.",
    );

    // The new image is shown, second in the strip, marked as made from the first.
    const strip = page.getByTestId("variant-strip");
    await expect(strip.getByRole("button", { name: /^Image 2, upscaled ×4/ })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("heading", { name: "Image 2 of 2" })).toBeVisible();
    await expect(page.getByTestId("image-lineage")).toHaveText("Upscaled ×4 · Basic upscale (no AI) from image 1");
    // Its thumbnail is made from the large file like any other.
    const thumbnail = strip.getByRole("button", { name: /^Image 2/ }).locator("img");
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);

    // Its PNG: four times the size, see-through around, and no dark or light ring at the edge.
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /PNG \(original file\)/ }).click(),
    ]);
    const png = readFileSync((await file.path())!);
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([4096, 4096]);
    expect(data[3]).toBe(0);
    // Edge pixels (partly see-through) match the colour just inside the shape, within a few levels.
    const source = await (await page.request.get(`/api/objects/${objects[0]!.id}`)).json();
    const original = Buffer.from(await (await page.request.get(source.object.images[0].url)).body());
    const small = await sharp(original).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(await edgeFringe(data, info.width)).toBeLessThan(
      Math.max(12, await edgeFringe(small.data, small.info.width)),
    );

    // From the lineage back to the source; ×4 again shows the same copy, nothing new.
    await page.getByTestId("image-lineage").getByRole("button", { name: "image 1" }).click();
    await expect(page.getByRole("heading", { name: "Image 1 of 2" })).toBeVisible();
    await upscale.getByRole("button", { name: "×4 to 4096 px" }).click();
    await expect(page.locator("[data-toast-id]").filter({ hasText: "upscaled ×4 before" })).toBeVisible();
    await expect(strip.getByRole("button")).toHaveCount(2);
    await expect(page.getByRole("heading", { name: "Image 2 of 2" })).toBeVisible();
    // A 4096 px image cannot go ×4 again (16384 px): the button says why.
    await expect(upscale.getByRole("button", { name: /×4/ })).toBeDisabled();
    await expect(upscale.getByRole("button", { name: /×4/ })).toHaveAttribute(
      "title",
      "This Motif makes images up to 8192 px on a side.",
    );
  });
}

/**
 * How far partly see-through pixels stray from the colour of the opaque pixel next to them: the
 * largest difference found along each row's first edge, as a fringe would show.
 */
async function edgeFringe(rgba: Buffer, width: number): Promise<number> {
  let worst = 0;
  const height = rgba.length / 4 / width;
  for (let y = 0; y < height; y += Math.max(1, Math.floor(height / 256))) {
    let firstOpaque = -1;
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3] === 255) {
        firstOpaque = x;
        break;
      }
    }
    if (firstOpaque <= 0) continue;
    const inside = (y * width + firstOpaque) * 4;
    for (let x = firstOpaque - 1; x >= 0; x--) {
      const p = (y * width + x) * 4;
      if (rgba[p + 3]! < 128) break;
      const distance = Math.hypot(
        rgba[p]! - rgba[inside]!,
        rgba[p + 1]! - rgba[inside + 1]!,
        rgba[p + 2]! - rgba[inside + 2]!,
      );
      worst = Math.max(worst, distance);
    }
  }
  return worst;
}
