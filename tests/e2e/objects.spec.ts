import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { creditRequestMail, signInWithApi, uniqueEmail } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi, downloadThroughDialog, generateObjectsWithApi, waitForJob } from "./support/objects";
import { e2ePorts } from "./support/ports";
import { readZip } from "../support/zip";

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

/** Picks an option of a segmented control by its visible label, as a person clicks it. */
async function choose(page: Page, group: string, option: string) {
  await page.getByRole("group", { name: group }).getByText(option, { exact: true }).click();
  await expect(page.getByRole("group", { name: group }).getByRole("radio", { name: option })).toBeChecked();
}

const SUBJECTS = ["Treasure chest", "Health potion", "Iron sword", "Round shield", "Golden key"];

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
  });
}

for (const { width, scheme } of [
  { width: 1440, scheme: "light" },
  { width: 375, scheme: "dark" },
] as const) {
  test(`a short balance offers what fits and, with nothing for sale, asks the operators (${width} px, ${scheme})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    const email = await signInWithApi(page, uniqueEmail("short"));
    await page.goto("/app");
    await expect(page.getByTestId("credit-badge")).toContainText("100");
    await page.getByLabel("Objects", { exact: true }).fill(SUBJECTS.join("\n"));
    await choose(page, "Detail", "High");

    // The sentence is the one it always was; below it, what still fits and where more come from.
    await expect(page.getByTestId("composer-short")).toHaveText("This needs 150 credits; you have 100.");
    const generate = page.getByTestId("generate-objects");
    await expect(generate).toBeDisabled();
    const cheaper = page.getByTestId("composer-cheaper");
    await expect(cheaper.getByRole("button")).toHaveText([
      "Standard would cost 40: switch to it",
      "Draft would cost 15: switch to it",
    ]);
    await expect(page.getByTestId("composer-buy-credits")).toHaveCount(0);
    await expectNoViolations(page, `short balance, ${scheme}`);

    // From the keyboard: the cheaper choice switches the detail and Generate takes the focus.
    await cheaper.getByRole("button", { name: /^Draft would cost 15/ }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("group", { name: "Detail" }).getByRole("radio", { name: "Draft" })).toBeChecked();
    await expect(page.getByTestId("composer-short")).toHaveCount(0);
    await expect(generate).toBeEnabled();
    await expect(generate).toContainText("15 credits");
    await expect(generate).toBeFocused();

    // Back to High: ask the operators, with a note.
    await choose(page, "Detail", "High");
    await page.getByRole("button", { name: "Request credits" }).click();
    const dialog = page.getByRole("dialog", { name: "Request credits" });
    await expect(dialog.getByLabel("Note for the operators (optional)")).toBeFocused();
    await dialog.getByLabel("Note for the operators (optional)").fill("For the dungeon set");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator("[data-toast-id]").filter({ hasText: "Credits Requested" })).toContainText(
      "The operators of this Motif were e-mailed.",
    );
    // Nothing was generated by the dialog's submit.
    await expect(page.getByTestId("job-card")).toHaveCount(0);
    for (const operator of ["operator@example.com", "operator-2@example.com"]) {
      const mail = await creditRequestMail(page.request, operator, email);
      expect(mail.text).toContain(`${email} asks for more credits`);
      expect(mail.text).toContain("Their balance: 100 credits.");
      expect(mail.text).toContain("For the dungeon set");
    }
  });
}

test("a short balance on the object page offers fewer images or cheaper settings, and asks the operators", async ({
  page,
}) => {
  await signInWithApi(page, uniqueEmail("short-variations"));
  const styleId = await createStyleWithApi(page, "Variations on a budget");
  const balanceNow = async () =>
    ((await (await page.request.get("/api/users/me")).json()) as { user: { credits: number } }).user.credits;
  const balance = await balanceNow();
  // High detail costs 30 an image: leave between 30 and 59 credits, so one more image fits and two do not.
  const count = Math.floor(balance / 30) - 1;
  const subjects = ["Lantern", "Compass", "Anchor"].slice(0, count);
  const response = await page.request.post("/api/objects", {
    headers: { "Idempotency-Key": crypto.randomUUID() },
    data: { styleId, subjects, size: "square", detail: "high", transparent: true, variations: 1 },
  });
  expect(response.status()).toBe(202);
  const { job, objects } = (await response.json()) as { job: { id: string }; objects: { id: string }[] };
  await waitForJob(page, job.id);
  const left = await balanceNow();
  expect(left).toBe(balance - 30 * count);

  await page.goto(`/app/object/${objects[0]!.id}`);
  const panel = page.getByRole("region", { name: "More variations" });
  await expect(panel.getByTestId("variations-short")).toHaveText(`This needs 60 credits; you have ${left}.`);
  await expect(panel.getByTestId("more-variations")).toBeDisabled();
  // Only fewer images here: the object's own settings stay.
  await expect(panel.getByTestId("variations-cheaper").getByRole("button")).toHaveText([
    "1 variation would cost 30: switch to it",
  ]);
  await expect(panel.getByRole("button", { name: "Request credits" })).toBeVisible();
  await expectNoViolations(page, "object page, short balance");
  await panel.getByTestId("variations-cheaper").getByRole("button").click();
  await expect(panel.getByRole("group", { name: "How many" }).getByRole("radio", { name: "1" })).toBeChecked();
  await expect(panel.getByTestId("variations-short")).toHaveCount(0);
  await expect(panel.getByTestId("more-variations")).toBeEnabled();
  await expect(panel.getByTestId("more-variations")).toContainText("30 credits");

  // In other settings: a lower detail or fewer images, each a switch.
  await panel.getByRole("button", { name: /Generate again in other settings/ }).click();
  const dialog = page.getByRole("dialog", { name: "Generate again" });
  await dialog.getByRole("group", { name: "How many" }).getByText("2", { exact: true }).click();
  await expect(dialog.getByTestId("again-short")).toHaveText(`This needs 60 credits; you have ${left}.`);
  await expect(dialog.getByTestId("again-cheaper").getByRole("button")).toHaveText([
    "Standard would cost 16: switch to it",
    "Draft would cost 6: switch to it",
    "1 variation would cost 30: switch to it",
  ]);
  await expect(dialog.getByRole("button", { name: /^Generate 2/ })).toBeDisabled();
  await dialog
    .getByTestId("again-cheaper")
    .getByRole("button", { name: /^Draft would cost 6/ })
    .click();
  await expect(dialog.getByRole("group", { name: "Detail" }).getByRole("radio", { name: "Draft" })).toBeChecked();
  await expect(dialog.getByTestId("again-short")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: /^Generate 2/ })).toBeEnabled();
});

test("the library searches, filters and sorts, and keeps them in the address", async ({ page }) => {
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "Library icons");
  const { job } = await generateObjectsWithApi(page, { styleId, subjects: ["Zebra", "Apple", "Mango"] });
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/jobs/${job.id}`)).json()) as { job: { status: string } }).job.status,
    )
    .toBe("succeeded");
  await page.goto("/app/object");
  const names = page.getByRole("list", { name: "Your objects" }).getByRole("heading");
  await expect(names).toHaveText(["Mango", "Apple", "Zebra"]);
  await page.getByLabel("Sort").selectOption("name");
  await expect(names).toHaveText(["Apple", "Mango", "Zebra"]);
  await page.getByRole("searchbox", { name: /Search/ }).fill("an");
  await expect(names).toHaveText(["Mango"]);
  await expect(page).toHaveURL(/q=an/);
  await page.goBack();
  await page.goForward();
  await expect(names).toHaveText(["Mango"]);
  await page.getByRole("searchbox", { name: /Search/ }).fill("nothing like this");
  await expect(page.getByRole("heading", { name: /No objects match/ })).toBeVisible();
});

test("another user's object is a 404 page", async ({ page, browser }) => {
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "Private icons");
  const { objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Secret lamp"] });

  const other = await browser.newPage();
  await signInWithApi(other);
  const response = await other.goto(`/app/object/${objects[0]!.id}`);
  expect(response?.status()).toBe(404);
  await expect(other.getByText(`Page not found: /app/object/${objects[0]!.id}`)).toBeVisible();
  await expect(other.getByText("Secret lamp")).toHaveCount(0);
  await other.close();
});

test("generate in a preset before making any style: it becomes the user's own style", async ({ page }) => {
  await signInWithApi(page);
  await page.goto("/app");
  await expect(page.getByTestId("credit-badge")).toContainText("100");
  await page.getByLabel("Objects", { exact: true }).fill("Wooden shield");
  await page.getByRole("radio", { name: /Pixel art/ }).check();
  await choose(page, "Detail", "Draft");
  await page.getByTestId("generate-objects").click();
  await expect(
    page
      .getByTestId("job-card")
      .first()
      .getByLabel(/^Wooden shield: done/),
  ).toBeVisible({
    timeout: 30_000,
  });
  // Only the object was charged: the preset's style has no samples until asked for.
  await expect(page.getByTestId("credit-badge")).toContainText("97");
  await page.goto("/app/style");
  const style = page.getByRole("article", { name: "Pixel art", exact: true });
  await expect(style.getByRole("button", { name: /Make the samples · 12 credits/ })).toBeVisible();
  // From the style, straight back to the composer with it chosen.
  await style.getByRole("button", { name: "Actions for Pixel art" }).click();
  await page.getByRole("menuitem", { name: "Generate objects" }).click();
  await expect(page).toHaveURL(/\/app\?style=/);
  await expect(page.getByRole("radio", { name: /Pixel art/ })).toBeChecked();
});

test("create an object with the keyboard alone", async ({ page }) => {
  await signInWithApi(page);
  await createStyleWithApi(page, "Keys only");
  await page.goto("/app");
  // The page is live (hydrated, the balance read) before the first key.
  await expect(page.getByTestId("credit-badge")).toContainText("88");
  await page.getByLabel("Objects", { exact: true }).focus();
  await page.keyboard.type("Lantern");
  // The first style is chosen; Ctrl+Enter submits from the text box.
  await page.keyboard.press("Control+Enter");
  const job = page.getByTestId("job-card").first();
  await expect(job.getByLabel(/^Lantern: done/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("region", { name: "Latest objects" }).getByTestId("object-card")).toHaveCount(1);
});

for (const { width, scheme } of [
  { width: 375, scheme: "dark" },
  { width: 1440, scheme: "dark" },
  { width: 375, scheme: "light" },
  { width: 1440, scheme: "light" },
] as const) {
  test(`composer, library and object page at ${width} px in ${scheme} mode`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await signInWithApi(page);
    const styleId = await createStyleWithApi(page, "Layout icons");
    const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Anvil", "Bell"] });
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/jobs/${job.id}`)).json()) as { job: { status: string } }).job.status,
      )
      .toBe("succeeded");
    for (const path of ["/app", "/app/object", `/app/object/${objects[0]!.id}`]) {
      await page.goto(path);
      await expect(page.locator("main")).toBeVisible();
      // Nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoViolations(page, `${path} at ${width} px, ${scheme}`);
    }
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
