// Icon packages in the browser, issue 38's acceptance: make a 12-icon line set, normalise it,
// download the React package and the font through the download dialog, open the cheat sheet.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInWithApi } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { choose } from "./objects-helpers";
import { readTarball } from "../support/tarball";
import { readZip } from "../support/zip";

/** Twelve things the preview engine draws from open icon libraries. */
const ICONS = [
  "Wallet",
  "Home",
  "Heart",
  "Star",
  "Search",
  "Settings",
  "User",
  "Bell",
  "Mail",
  "Lock",
  "Trash",
  "Cloud",
];

/** Presses the dialog's Download button and waits for the file (its name and bytes), or fails with the dialog's alert. */
async function downloadFrom(page: Page, dialog: Locator): Promise<{ name: string; data: Buffer }> {
  const refused = dialog.getByRole("alert");
  const [file] = await Promise.all([
    Promise.race([
      page.waitForEvent("download", { timeout: 120_000 }),
      refused.waitFor({ timeout: 120_000 }).then(async () => {
        throw new Error(`The download was refused: ${await refused.innerText()}`);
      }),
    ]),
    dialog.getByTestId("download-confirm").click(),
  ]);
  return { name: file.suggestedFilename(), data: readFileSync((await file.path())!) };
}

let folder: string | undefined;
test.afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test("make a 12-icon line set, normalise it, download the React package and the font, open the cheat sheet", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWithApi(page);
  await page.goto("/app");
  await expect(page.getByTestId("credit-badge")).toContainText("100");

  // Twelve icons in the Line art preset, drawn by the preview engine.
  await page.getByLabel("Objects", { exact: true }).fill(ICONS.join("\n"));
  await expect(page.getByTestId("subject-count")).toContainText("12 objects");
  await page.getByRole("radio", { name: /Line art/ }).check();
  await choose(page, "Detail", "Draft");
  await page.getByTestId("generate-objects").click();
  const job = page.getByTestId("job-card").first();
  await expect(job.getByRole("status")).toContainText("12 of 12 images", { timeout: 60_000 });
  await job.getByRole("link", { name: /Open the set/ }).click();
  await expect(page.getByRole("region", { name: "This set" })).toContainText("12 objects");

  // Normalised: one grid, padding, optical size and stroke width for the twelve.
  await page.getByRole("button", { name: "Normalise set…" }).click();
  const normalise = page.getByRole("dialog", { name: "Normalise this set" });
  await normalise.getByRole("button", { name: "Normalise 12 objects" }).click();
  await expect(normalise.getByRole("status")).toContainText("Normalised 12 objects", { timeout: 60_000 });
  await normalise.getByRole("button", { name: "Done" }).click();
  await expect(normalise).toHaveCount(0);

  // The icon package: named after the style, every object an icon, the choices checked before the click.
  await page.getByRole("button", { name: "Download set…" }).click();
  const dialog = page.getByRole("dialog", { name: "Download this set" });
  await choose(page, "Download as", "Icon package");
  await expect(dialog.getByTestId("icon-package-plan")).toHaveText("All 12 objects will become icons.");
  const name = dialog.getByRole("textbox", { name: "Package name" });
  await expect(name).toHaveValue("line-art");
  await expect(dialog.getByRole("textbox", { name: "Prefix" })).toHaveValue("line-art");
  await expect(dialog.getByRole("textbox", { name: "Version" })).toHaveValue("1.0.0");
  await expect(dialog.getByRole("combobox", { name: "Licence" })).toHaveValue("UNLICENSED");
  await expect(dialog.getByRole("group", { name: "Grid" }).getByRole("radio", { name: "24 px" })).toBeChecked();
  await expect(dialog.getByRole("radio", { name: /^React/ })).toBeChecked();

  // A name npm would refuse is said under its field, which takes the focus; nothing is downloaded.
  await name.fill("Line Icons");
  await dialog.getByTestId("download-confirm").click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription(/Use lower-case letters/);
  await name.fill("line-icons");
  await expect(dialog.getByRole("textbox", { name: "Prefix" })).toHaveValue("line-icons");
  await expectNoViolations(page, "download dialog, icon package");

  // React: an npm tarball with one component per icon, and how to install it.
  const react = await downloadFrom(page, dialog);
  expect(react.name).toBe("line-icons-1.0.0.tgz");
  await expect(dialog.getByTestId("icon-package-usage")).toContainText("npm install ./line-icons-1.0.0.tgz");
  const files = readTarball(react.data);
  const components = [...files.keys()].filter((file) => /^package\/icons\/[a-z0-9-]+\.js$/.test(file));
  expect(components).toHaveLength(12);
  const manifest = JSON.parse(files.get("package/package.json")!.toString()) as { name: string; version: string };
  expect(manifest).toMatchObject({ name: "line-icons", version: "1.0.0" });
  expect(
    files
      .get("package/index.js")!
      .toString()
      .match(/^export \{ \w+Icon \}/gm),
  ).toHaveLength(12);

  // The font, from the same dialog: a ZIP whose cheat sheet shows all twelve glyphs.
  await dialog.getByText("Icon font", { exact: true }).click();
  await expect(dialog.getByRole("radio", { name: /^Icon font/ })).toBeChecked();
  const font = await downloadFrom(page, dialog);
  expect(font.name).toBe("line-icons-1.0.0-font.zip");
  await expect(dialog.getByTestId("icon-package-usage")).toContainText("cheat-sheet.html");
  folder = mkdtempSync(path.join(os.tmpdir(), "motif-e2e-font-"));
  for (const entry of await readZip(font.data)) {
    const target = path.join(folder, entry.name);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, entry.data);
  }
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toHaveCount(0);

  const sheet = await page.context().newPage();
  await sheet.goto(pathToFileURL(path.join(folder, "cheat-sheet.html")).href);
  await expect(sheet.getByRole("heading", { level: 1 })).toHaveText("line-icons: 12 icons");
  const glyphs = sheet.locator(".cell i");
  await expect(glyphs).toHaveCount(12);
  for (const glyph of await glyphs.all()) await expect(glyph).toBeVisible();
  // The glyphs are the font's, loaded from fonts/ beside the page, each one em wide.
  expect(await sheet.evaluate(() => document.fonts.ready.then(() => document.fonts.check('48px "line-icons"')))).toBe(
    true,
  );
  for (const glyph of await glyphs.all()) expect((await glyph.boundingBox())!.width).toBeGreaterThan(24);
});
