// A set of objects in the browser: five transparent objects made and followed live, their set and
// its ZIP, one of them varied, downloaded, renamed, zipped with its variants and deleted, the rest
// recoloured into another palette (wide and light, narrow and dark); and, with a slow provider, a
// running set cancelled: what was made is kept and paid, the rest refunded.
import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { signInWithApi, uniqueEmail } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi, downloadThroughDialog } from "./support/objects";
import { e2ePorts } from "./support/ports";
import { readZip } from "../support/zip";
import { choose, SUBJECTS } from "./objects-helpers";

/** True when a PNG really has see-through pixels. */
async function hasRealAlpha(data: Buffer): Promise<boolean> {
  const meta = await sharp(data).metadata();
  const stats = await sharp(data).stats();
  return Boolean(meta.hasAlpha) && stats.channels[3]!.min < 255;
}

async function download(page: Page, trigger: Locator): Promise<{ name: string; path: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), trigger.click()]);
  return { name: file.suggestedFilename(), path: (await file.path())! };
}

for (const { width, scheme } of [
  { width: 1440, scheme: "light" },
  { width: 375, scheme: "dark" },
] as const) {
  test(`make a set of five transparent objects, follow it live, then work with one of them (${width} px, ${scheme})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await signInWithApi(page);
    await createStyleWithApi(page, "Pixel Knights");
    await page.goto("/app");
    await expect(page.getByRole("heading", { name: "What do you want to make?" })).toBeVisible();
    await expect(page.getByTestId("credit-badge")).toContainText("88");

    await page.getByLabel("Objects", { exact: true }).fill(SUBJECTS.join("\n"));
    await expect(page.getByTestId("subject-count")).toContainText("5 objects");
    await page.getByRole("radio", { name: /Pixel Knights/ }).check();
    await choose(page, "Detail", "Draft");
    await expect(page.getByRole("switch", { name: "Transparent background" })).toBeChecked();
    const generate = page.getByTestId("generate-objects");
    await expect(generate).toContainText("15 credits");
    await generate.click();

    // The set's card follows each object live, then the objects appear below.
    const job = page.getByTestId("job-card").first();
    await expect(job).toBeVisible();
    for (const name of SUBJECTS) {
      await expect(job.getByLabel(new RegExp(`^${name}: done`))).toBeVisible({ timeout: 30_000 });
    }
    await expect(page.getByTestId("credit-badge")).toContainText("73");
    const latest = page.getByRole("region", { name: "Latest objects" });
    await expect(latest.getByTestId("object-card")).toHaveCount(5);

    // The set, as a group: its five objects in the order typed, and its ZIP.
    await job.getByRole("link", { name: /Open the set/ }).click();
    await expect(page.getByRole("region", { name: "This set" })).toContainText("5 objects");
    await page.getByLabel("Sort").selectOption("oldest");
    await expect(page.getByRole("list", { name: "Your objects" }).getByRole("heading")).toHaveText(SUBJECTS);
    // Asked what to take first: the covers, as a ZIP of images.
    const setZip = await downloadThroughDialog(
      page,
      page.getByRole("button", { name: "Download set…" }),
      async (dialog) => {
        await expect(
          dialog.getByRole("group", { name: "Images" }).getByRole("radio", { name: "Covers only" }),
        ).toBeChecked();
      },
    );
    const setEntries = new Map((await readZip(readFileSync(setZip))).map((e) => [e.name, e.data]));
    // The preview engine drew them from open icon libraries, whose credit comes along.
    expect([...setEntries.keys()].sort()).toEqual([
      "ATTRIBUTION.txt",
      "manifest.json",
      "pixel-knights-golden-key.png",
      "pixel-knights-health-potion.png",
      "pixel-knights-iron-sword.png",
      "pixel-knights-round-shield.png",
      "pixel-knights-treasure-chest.png",
    ]);
    for (const [name, data] of setEntries) if (name.endsWith(".png")) expect(await hasRealAlpha(data)).toBe(true);
    const manifest = JSON.parse(setEntries.get("manifest.json")!.toString()) as {
      objects: { name: string; images: { seed: number; size: string }[] }[];
    };
    expect(manifest.objects.map((o) => o.name)).toEqual(SUBJECTS);
    expect(manifest.objects.every((o) => o.images[0]!.size === "square" && o.images[0]!.seed > 0)).toBe(true);

    // One object: two more variations, a new cover.
    await page.getByRole("link", { name: "Health potion" }).first().click();
    await expect(page).toHaveURL(/\/app\/object\/[\w-]+$/);
    await expect(page.getByRole("heading", { name: "Health potion", level: 1 })).toBeVisible();
    await choose(page, "How many", "2");
    await page.getByTestId("more-variations").click();
    const strip = page.getByRole("list", { name: "Images of this object" });
    await expect(strip.getByRole("button", { name: /^Image \d/ })).toHaveCount(3, { timeout: 30_000 });
    await expect(page.getByTestId("credit-badge")).toContainText("67");
    await strip.getByRole("button", { name: "Image 2" }).click();
    await page.getByRole("button", { name: "Set as cover" }).click();
    await expect(strip.getByRole("button", { name: "Image 2 (cover)" })).toBeVisible();

    // The original download keeps real transparency and is named after style and object.
    const png = await download(page, page.getByRole("link", { name: /PNG \(original file\)/ }));
    expect(png.name).toMatch(/^pixel-knights-health-potion.*\.png$/);
    expect(await hasRealAlpha(readFileSync(png.path))).toBe(true);

    await page.getByRole("button", { name: "Rename" }).click();
    const rename = page.getByRole("dialog", { name: "Rename object" });
    await rename.getByLabel("Name").fill("Mana potion");
    await rename.getByRole("button", { name: /Save|Rename/ }).click();
    await expect(page.getByRole("heading", { name: "Mana potion", level: 1 })).toBeVisible();
    await expectNoViolations(page, "object page");

    // In the library, a ZIP of one object with all its variants.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Objects" }).click();
    await page.getByRole("checkbox", { name: "Select Mana potion" }).check();
    const variantsZip = await downloadThroughDialog(
      page,
      page.getByRole("button", { name: "Download 1 object…" }),
      (dialog) => dialog.getByRole("group", { name: "Images" }).getByText("Every image", { exact: true }).click(),
    );
    expect((await readZip(readFileSync(variantsZip))).map((e) => e.name).sort()).toEqual([
      "ATTRIBUTION.txt",
      "manifest.json",
      "pixel-knights-mana-potion-1.png",
      "pixel-knights-mana-potion-2.png",
      "pixel-knights-mana-potion-3.png",
    ]);
    await expectNoViolations(page, "library with a selection");

    // Deleting it takes its files too.
    await page.getByRole("link", { name: "Mana potion" }).first().click();
    const imageUrl = await page.getByRole("link", { name: /PNG \(original file\)/ }).getAttribute("href");
    await page.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: /Delete/ })
      .click();
    await expect(page).toHaveURL(/\/app\/object$/);
    await expect(page.getByTestId("object-card")).toHaveCount(4);
    expect((await page.request.get(imageUrl!)).status()).toBe(404);

    // The rest in another palette, at once and free: the covers before and after.
    await page.getByRole("checkbox", { name: "Select Golden key" }).check();
    await page.getByRole("button", { name: "Select all" }).click();
    await page.getByRole("button", { name: "Recolour 4 objects…" }).click();
    const recolour = page.getByRole("dialog", { name: "Recolour 4 objects" });
    for (const [i, code] of ["#0b2545", "#13315c", "#1d7874", "#8da9c4", "#eef4ed"].entries())
      await recolour.getByRole("textbox", { name: `Colour ${i + 1} code` }).fill(code);
    await expect(recolour.getByRole("list", { name: "Before" }).getByRole("img")).toHaveCount(4);
    // Previewed in the browser while the palette is edited, before anything is stored.
    for (const img of await recolour.getByRole("list", { name: "Preview" }).getByRole("img").all())
      await expect(img).toHaveAttribute("src", /^data:image\/png/);
    await recolour.getByRole("button", { name: "Recolour 4 objects" }).click();
    await expect(recolour.getByRole("status")).toHaveText("Recoloured 4 objects, free.");
    await expect(recolour.getByRole("list", { name: "After" }).getByRole("img")).toHaveCount(4);
    // Before stays the old covers while the page behind takes the new ones.
    const firstOf = (list: string) => recolour.getByRole("list", { name: list }).getByRole("img").first();
    expect(await firstOf("Before").getAttribute("src")).not.toBe(await firstOf("After").getAttribute("src"));
    await expectNoViolations(page, "recolour dialog");
    await recolour.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("credit-badge")).toContainText("67");
  });
}

test.describe("with a slow provider", () => {
  const base = `http://localhost:${e2ePorts.openaiApp}`;
  const control = `http://127.0.0.1:${e2ePorts.openai}/__control`;
  test.describe.configure({ mode: "serial" });
  test.afterEach(async ({ request }) => {
    await request.delete(control);
  });

  test("cancel a running set: what was made is kept and paid, the rest refunded and listed", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await signInWithApi(page, uniqueEmail("cancel-set"), base);
    await createStyleWithApi(page, "Slow icons", base);
    await request.post(control, { data: { latencyMs: 1500 } });
    await page.goto(`${base}/app`);
    await page.getByLabel("Objects", { exact: true }).fill(SUBJECTS.join("\n"));
    await page.getByRole("radio", { name: /Slow icons/ }).check();
    await choose(page, "Detail", "Draft");
    await page.getByTestId("generate-objects").click();
    const job = page.getByTestId("job-card").first();
    await expect(job.getByLabel(/^Treasure chest: done/)).toBeVisible({ timeout: 30_000 });
    await job.getByRole("button", { name: /^Cancel / }).click();

    const toast = page.locator('[data-toast-id][data-color="success"]').filter({ hasText: /Cancel/ });
    await expect(toast).toContainText(/Cancelled after \d of 5 images\. \d+ unused credits were refunded\./);
    const made = Number(/after (\d) of 5/.exec((await toast.textContent())!)![1]);
    expect(made).toBeGreaterThanOrEqual(1);
    expect(made).toBeLessThan(5);
    await expect(page.getByTestId("credit-badge")).toContainText(String(100 - 12 - 3 * made));

    await page.goto(`${base}/app/settings`);
    const history = page.getByRole("list", { name: /Credit history/ });
    await expect(history.getByRole("listitem").first()).toContainText("Refund: 5 objects");
    await expect(history.getByRole("listitem").first()).toContainText(`+${15 - 3 * made}`);
  });
});
