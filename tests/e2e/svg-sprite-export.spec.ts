import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signInWithApi } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi, generateObjectsWithApi, waitForJob } from "./support/objects";
import { e2ePorts } from "./support/ports";
import { readZip } from "../support/zip";

/** Set SCREENSHOTS_DIR to keep the dialog's pictures (docs/screenshots). */
const screenshots = process.env.SCREENSHOTS_DIR;

test("an SVG sprite says which objects cannot be traced, shows its progress while it is prepared, and downloads a real .svg; a ZIP with SVGs shows its files arriving", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWithApi(page);
  const flatId = await createStyleWithApi(page, "Export icons");
  const paintedId = await createStyleWithApi(page, "Harbour oils", `http://localhost:${e2ePorts.app}`, {
    description: "Oil painting with thick brushstrokes and warm light",
  });
  const icons = ["Sword", "Shield", "Potion", "Key"];
  const flat = await generateObjectsWithApi(page, { styleId: flatId, subjects: icons, detail: "standard" });
  const painted = await generateObjectsWithApi(page, { styleId: paintedId, subjects: ["Castle"] });
  await waitForJob(page, flat.job.id);
  await waitForJob(page, painted.job.id);

  await page.goto("/app/object");
  for (const name of [...icons, "Castle"]) await page.getByRole("checkbox", { name: `Select ${name}` }).check();
  await page.getByRole("button", { name: "Download 5 objects…" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("group", { name: "Download as" }).getByText("SVG sprite", { exact: true }).click();

  // Before the click: which objects become symbols, and the one left out with why.
  const plan = dialog.getByTestId("svg-sprite-plan");
  await expect(plan.getByText("4 of 5 objects will be traced.")).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Objects that cannot be traced" }).getByRole("listitem")).toHaveText([
    /^Castle: Its style, Harbour oils, is not flat/,
  ]);
  await expect(dialog.getByRole("switch", { name: "Single colour" })).not.toBeChecked();
  await expectNoViolations(page, "download dialog, SVG sprite with an object left out");
  if (screenshots) {
    await dialog.screenshot({ path: `${screenshots}/export-svg-sprite-light.png` });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.emulateMedia({ colorScheme: "dark" });
    await page.screenshot({ path: `${screenshots}/export-svg-sprite-dark-mobile.png` });
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  // In one colour (so the ZIP below traces its SVGs afresh, in the palette, and shows them coming).
  await dialog.getByRole("switch", { name: "Single colour" }).click();
  // The dialog stays open with its progress until the file arrives; a second click cannot start another.
  const confirm = dialog.getByTestId("download-confirm");
  const downloaded = page.waitForEvent("download");
  await confirm.click();
  await expect(confirm).toBeDisabled();
  await expect(confirm).toHaveText("Preparing…");
  await expect(dialog.getByRole("progressbar", { name: "Export progress" })).toHaveAttribute("aria-valuemax", "4");
  const file = await downloaded;
  await expect(dialog).toHaveCount(0);
  expect(file.suggestedFilename()).toBe("motif-5-objects-single-colour-sprite.svg");
  const sprite = readFileSync((await file.path())!, "utf8");
  expect(sprite).toMatch(/^<svg [^>]*style="display:none">/);
  expect([...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]).sort()).toEqual([
    "key",
    "potion",
    "shield",
    "sword",
  ]);
  expect(sprite).not.toMatch(/opacity=/);
  expect(sprite).toMatch(/currentColor/);
  expect(sprite).not.toMatch(/#[0-9a-f]{6}\b/i);

  // A ZIP with SVGs is prepared the same way: its files counted as they arrive, one export at a time.
  await page.getByRole("button", { name: "Download 5 objects…" }).click();
  await dialog.getByRole("switch", { name: "With SVG" }).click();
  const zipConfirm = dialog.getByTestId("download-confirm");
  const zipped = page.waitForEvent("download");
  await zipConfirm.click();
  await expect(zipConfirm).toBeDisabled();
  // Five covers and the four flat ones' SVGs.
  await expect(dialog.getByRole("progressbar", { name: "Export progress" })).toHaveAttribute("aria-valuemax", "9");
  await expect(dialog.getByRole("status")).toContainText("Packing 9 files");
  const zip = await zipped;
  await expect(dialog).toHaveCount(0);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const entries = await readZip(readFileSync((await zip.path())!));
  expect(entries.filter((entry) => entry.name.endsWith(".svg"))).toHaveLength(4);
  expect(entries.filter((entry) => entry.name.endsWith(".png"))).toHaveLength(5);

  // Only the painting chosen: the sprite is refused before the click, and nothing is downloaded.
  await page.getByRole("button", { name: "Clear the selection" }).click();
  await page.getByRole("checkbox", { name: "Select Castle" }).check();
  await page.getByRole("button", { name: "Download 1 object…" }).click();
  await dialog.getByRole("group", { name: "Download as" }).getByText("SVG sprite", { exact: true }).click();
  await expect(dialog.getByText("None of these objects can be traced to SVG.")).toBeVisible();
  await expect(dialog.getByTestId("download-confirm")).toBeDisabled();
});
