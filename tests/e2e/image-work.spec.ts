import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { balanceWithApi, signInWithApi, uniqueEmail } from "./support/auth";
import { e2ePorts } from "./support/ports";
import { expectNoViolations } from "./support/axe";
import { APP_ICON_SIZES } from "../../server/objects/app-icons.server";
import { readZip } from "../support/zip";
import { createStyleWithApi, downloadThroughDialog, generateObjectsWithApi, waitForJob } from "./support/objects";

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
    // A 4096 px PNG is made and stored: seconds, more when the other worker's test is busy too.
    await expect(page.locator("[data-toast-id]").filter({ hasText: "Image upscaled" })).toContainText(
      "Image 1 at ×4, 4096 × 4096, was added to Lantern.",
      { timeout: 30_000 },
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

test("download a set as a sprite sheet: every frame lies inside the PNG and shows its object", async ({ page }) => {
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "Sprite icons");
  const subjects = ["Sword", "Shield", "Potion", "Key"];
  const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects });
  await waitForJob(page, job.id);
  await page.goto("/app/object");
  for (const name of subjects.slice(0, 3)) await page.getByRole("checkbox", { name: `Select ${name}` }).check();

  const path = await downloadThroughDialog(
    page,
    page.getByRole("button", { name: "Download 3 objects…" }),
    async (dialog) => {
      await expectNoViolations(page, "download dialog");
      await dialog.getByRole("group", { name: "Download as" }).getByText("Sprite sheet", { exact: true }).click();
      await dialog.getByRole("group", { name: "Frame size" }).getByText("128 px", { exact: true }).click();
      await expect(dialog.getByRole("switch", { name: "Trim see-through edges" })).toBeChecked();
    },
  );
  const entries = await readZip(readFileSync(path));
  expect(entries.map((e) => e.name).sort()).toEqual(["ATTRIBUTION.txt", "sprites.json", "sprites.png"]);
  const atlas = JSON.parse(entries.find((e) => e.name === "sprites.json")!.data.toString()) as {
    frames: Record<
      string,
      { frame: Box; spriteSourceSize: Box; sourceSize: { w: number; h: number }; trimmed: boolean; rotated: boolean }
    >;
    meta: { image: string; size: { w: number; h: number } };
  };
  expect(Object.keys(atlas.frames).sort()).toEqual(["potion", "shield", "sword"]);

  // The same selection as an SVG sprite: a symbol for each, named after it.
  await page.setViewportSize({ width: 375, height: 800 });
  const spritePath = await downloadThroughDialog(
    page,
    page.getByRole("button", { name: "Download 3 objects…" }),
    async (dialog) => {
      await dialog.getByRole("group", { name: "Download as" }).getByText("SVG sprite", { exact: true }).click();
      await expect(dialog.getByRole("group", { name: "Images" })).toHaveCount(0);
      await expectNoViolations(page, "download dialog, SVG sprite, 375 px");
    },
  );
  const sprite = readFileSync(spritePath, "utf8");
  expect([...sprite.matchAll(/<symbol id="([^"]+)" viewBox="[^"]+">/g)].map((m) => m[1]).sort()).toEqual([
    "potion",
    "shield",
    "sword",
  ]);
  const sheet = await sharp(entries.find((e) => e.name === "sprites.png")!.data)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([sheet.info.width, sheet.info.height]).toEqual([atlas.meta.size.w, atlas.meta.size.h]);
  expect(atlas.meta.image).toBe("sprites.png");

  for (const object of objects.slice(0, 3)) {
    const { frame, spriteSourceSize, sourceSize, rotated } = atlas.frames[object.name.toLowerCase()]!;
    expect(rotated).toBe(false);
    expect(frame.x + frame.w).toBeLessThanOrEqual(sheet.info.width);
    expect(frame.y + frame.h).toBeLessThanOrEqual(sheet.info.height);
    expect(Math.max(sourceSize.w, sourceSize.h)).toBe(128);
    // The object's cover at the frame's size, cut where the atlas says: the same pixels.
    const detail = (await (await page.request.get(`/api/objects/${object.id}`)).json()) as {
      object: { images: { url: string }[] };
    };
    const cover = Buffer.from(await (await page.request.get(detail.object.images[0]!.url)).body());
    const expected = await sharp(cover)
      .ensureAlpha()
      .resize(128, 128, { fit: "inside" })
      .extract({ left: spriteSourceSize.x, top: spriteSourceSize.y, width: frame.w, height: frame.h })
      .raw()
      .toBuffer();
    let difference = 0;
    for (let y = 0; y < frame.h; y++) {
      for (let x = 0; x < frame.w; x++) {
        const at = ((frame.y + y) * sheet.info.width + frame.x + x) * 4;
        const own = (y * frame.w + x) * 4;
        for (let c = 0; c < 4; c++) difference += Math.abs(sheet.data[at + c]! - expected[own + c]!);
      }
    }
    expect(difference / (frame.w * frame.h * 4), object.name).toBeLessThan(2);
  }
});

test("download app icons from the object page: every size there, each the picture at that size", async ({ page }) => {
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "Launcher art");
  const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Rocket"] });
  await waitForJob(page, job.id);
  await page.goto(`/app/object/${objects[0]!.id}`);
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "App icons" }).click(),
  ]);
  expect(file.suggestedFilename()).toBe("rocket-app-icons.zip");
  const entries = new Map((await readZip(readFileSync((await file.path())!))).map((e) => [e.name, e.data]));

  const detail = (await (await page.request.get(`/api/objects/${objects[0]!.id}`)).json()) as {
    object: { images: { url: string }[] };
  };
  const cover = Buffer.from(await (await page.request.get(detail.object.images[0]!.url)).body());
  for (const size of APP_ICON_SIZES) {
    const png = entries.get(`png/icon-${size}.png`);
    expect(png, `png/icon-${size}.png`).toBeDefined();
    const { data, info } = await sharp(png!).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([size, size]);
    const expected = await sharp(cover).ensureAlpha().resize(size, size, { kernel: "lanczos3" }).raw().toBuffer();
    let difference = 0;
    for (let i = 0; i < data.length; i++) difference += Math.abs(data[i]! - expected[i]!);
    expect(difference / data.length, `icon-${size}`).toBeLessThan(3);
  }
  expect(entries.get("favicon.ico")!.readUInt16LE(4)).toBe(3);
  const contents = JSON.parse(entries.get("ios/AppIcon.appiconset/Contents.json")!.toString()) as {
    images: { filename: string }[];
  };
  for (const { filename } of contents.images)
    expect(entries.has(`ios/AppIcon.appiconset/${filename}`), filename).toBe(true);
  for (const density of ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"]) {
    expect(entries.has(`android/mipmap-${density}/ic_launcher.png`), density).toBe(true);
  }
});

test("make a turnaround of four views of an object; each says what it was asked for and comes from the cover", async ({
  page,
}) => {
  // Views need a model that can pose: the instance with OpenAI (against its local fake).
  test.slow();
  const base = `http://localhost:${e2ePorts.openaiApp}`;
  await signInWithApi(page, uniqueEmail("turnaround"), base);
  const styleId = await createStyleWithApi(page, "Turnaround art", base);
  const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Robot"] }, base);
  await waitForJob(page, job.id, base);
  await page.goto(`${base}/app/object/${objects[0]!.id}`);
  const balance = await balanceWithApi(page, base);

  const panel = page.getByRole("region", { name: "New images of this object" });
  await panel.getByRole("button", { name: /^Turnaround/ }).click();
  await expect(panel.getByLabel("What to draw, one a line")).toHaveValue(
    "front view\nthree-quarter view\nside view\nback view",
  );
  // Draft squares at 3 credits each: four images, 12 credits.
  await expect(panel.getByTestId("draw-views")).toHaveText("Draw 4 images· 12 credits");
  await expectNoViolations(page, "object page, views panel");
  await panel.getByTestId("draw-views").click();
  await expect(page.locator("[data-toast-id]").filter({ hasText: /Drawing 4 views|4 views drawn/ })).toBeVisible();

  const strip = page.getByTestId("variant-strip");
  for (const [i, view] of ["front view", "three-quarter view", "side view", "back view"].entries()) {
    await expect(strip.getByRole("button", { name: `Image ${i + 2}, ${view}` })).toBeVisible({
      timeout: 30_000,
    });
  }
  expect(await balanceWithApi(page, base)).toBe(balance - 12);
  await expect(page.getByTestId("credit-badge")).toContainText(String(balance - 12));
  // Each says under its thumbnail what was asked, so the turnaround reads as one group.
  await expect(strip.getByText("three-quarter view", { exact: true })).toBeVisible();
  await strip.getByRole("button", { name: /side view/ }).click();
  await expect(page.getByTestId("image-view")).toHaveText("side view, drawn from image 1");
  // Any of them can become the cover.
  await page.getByRole("button", { name: "Set as cover" }).click();
  await expect(strip.getByRole("button", { name: "Image 4 (cover), side view" })).toBeVisible();
});

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
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
