import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { signInWithApi, uniqueEmail } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi } from "./support/objects";
import { openNewStyleDialog } from "./support/styles";
import { e2ePorts } from "./support/ports";

// The instance offering OpenAI (the default, real alpha) and Gemini (no alpha, twice the price).
const base = `http://localhost:${e2ePorts.openaiApp}`;

async function download(page: Page, trigger: Locator): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent("download"), trigger.click()]);
  return readFileSync((await file.path())!);
}

async function generate(page: Page, subject: string) {
  await page.getByLabel("Objects", { exact: true }).fill(subject);
  await page.getByTestId("generate-objects").click();
  const job = page.getByTestId("job-card").filter({ hasText: subject });
  await expect(job).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
  return job;
}

test("with two models, each makes an object from the composer; the job, object page and history name it; a matted PNG and an SVG download", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInWithApi(page, uniqueEmail("two-models"), base);
  await createStyleWithApi(page, "Two model icons", base);
  await page.goto(`${base}/app`);
  await page.getByRole("radio", { name: /Two model icons/ }).check();
  await page.getByRole("group", { name: "Detail" }).getByText("Draft", { exact: true }).click();

  const model = page.getByLabel("Model", { exact: true });
  await expect(model).toHaveValue("openai");
  await page.getByLabel("Objects", { exact: true }).fill("Brass lantern");
  await expect(page.getByTestId("generate-objects")).toContainText("3 credits");
  const openaiJob = await generate(page, "Brass lantern");
  await expect(openaiJob.getByTestId("job-model")).toHaveText(/OpenAI gpt-image-1\.5/);

  await model.selectOption("gemini");
  await expect(page.getByText("transparency made by Motif from a flat background")).toBeVisible();
  // Each choice says what one image costs with it; the chosen one, what it can do later and why not the rest.
  await expect(model.locator("option[value=gemini]")).toHaveText(/ · 6 credits an image$/);
  await expect(model.locator("option[value=openai]")).toHaveText(/ · 3 credits an image$/);
  const abilities = page.getByRole("list", { name: /^What Gemini .* can do$/ });
  await expect(abilities.getByRole("listitem").filter({ hasText: "Repaint a region" })).toContainText("Cannot:");
  await expect(abilities.getByRole("listitem").filter({ hasText: "Edit with words" })).toContainText("Can:");
  await expect(page.getByRole("list", { name: /^Why Gemini .* cannot do some$/ })).toContainText(
    "Repaint a region: Gemini changes the whole image from words",
  );
  await page.getByLabel("Objects", { exact: true }).fill("Copper kettle");
  await expect(page.getByTestId("generate-objects")).toContainText("6 credits");
  await expectNoViolations(page, "composer with a model picker");
  const geminiJob = await generate(page, "Copper kettle");
  await expect(geminiJob.getByTestId("job-model")).toHaveText(/Gemini gemini-2\.5-flash-image/);
  await expect(page.getByTestId("credit-badge")).toContainText(String(100 - 12 - 3 - 6));

  // The object page names the model; the PNG has real alpha though Gemini paints none.
  await geminiJob.getByRole("link", { name: /Open the set/ }).click();
  await expect(page).toHaveURL(/\/app\/object\?set=/);
  await page.getByRole("article", { name: "Copper kettle" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: "Copper kettle", level: 1 })).toBeVisible();
  await expect(page.getByText("gemini-2.5-flash-image")).toBeVisible();
  const png = await download(page, page.getByRole("link", { name: /PNG \(original file\)/ }));
  const stats = await sharp(png).stats();
  expect((await sharp(png).metadata()).hasAlpha).toBe(true);
  // Fully clear around the subject, fully opaque inside it.
  expect(stats.channels[3]!.min).toBe(0);
  expect(stats.channels[3]!.max).toBe(255);

  // The style is flat icons: its images also download as a clean SVG that renders.
  const svg = (await download(page, page.getByRole("link", { name: "SVG", exact: true }))).toString("utf8");
  expect(svg).toMatch(/^<svg[\s>]/);
  expect(svg).not.toMatch(/<script|href="http/i);
  const rendered = await sharp(Buffer.from(svg)).png().toBuffer();
  expect((await sharp(rendered).metadata()).width).toBeGreaterThan(0);

  await page.goto(`${base}/app/settings`);
  const history = page.getByRole("list", { name: /Credit history/ });
  await expect(history.getByRole("listitem").filter({ hasText: "Copper kettle" })).toContainText(
    "Gemini gemini-2.5-flash-image",
  );
  await expect(history.getByRole("listitem").filter({ hasText: "Brass lantern" })).toContainText(
    "OpenAI gpt-image-1.5",
  );
  const models = page.getByRole("list", { name: "Models" });
  await expect(models.getByTestId("model-entry")).toHaveCount(3);
  await expect(models.getByTestId("model-abilities")).toHaveCount(3);
  await expect(models).toContainText("6 credits square · 10 portrait or landscape");
});

test("a self-hosted ComfyUI's sampler steps move the job card while it draws", async ({ page, request }) => {
  test.setTimeout(90_000);
  const control = `http://127.0.0.1:${e2ePorts.comfyui}/__control`;
  // Paced steps, so the page has time to show them.
  await request.post(control, { data: { stepDelayMs: 250 } });
  try {
    await signInWithApi(page, uniqueEmail("comfyui-steps"), base);
    await createStyleWithApi(page, "GPU icons", base);
    await page.goto(`${base}/app`);
    await page.getByRole("radio", { name: /GPU icons/ }).check();
    await page.getByRole("group", { name: "Detail" }).getByText("Draft", { exact: true }).click();
    await page.getByLabel("Model", { exact: true }).selectOption("comfyui");
    // SDXL paints opaque images; this test is about the steps, not the matte.
    await page.getByRole("switch", { name: "Transparent background" }).click();
    await expect(page.getByRole("switch", { name: "Transparent background" })).not.toBeChecked();
    await page.getByLabel("Objects", { exact: true }).fill("Iron anvil");
    await page.getByTestId("generate-objects").click();
    const job = page.getByTestId("job-card").filter({ hasText: "Iron anvil" });
    await expect(job.getByTestId("job-model")).toHaveText(/ComfyUI sd_xl_base_1\.0\.safetensors/);
    // Draft is 12 steps: the card says how far the image has come.
    await expect(job.getByRole("status")).toContainText(/step \d+ of 12/, { timeout: 20_000 });
    await expect(job).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
  } finally {
    await request.delete(control);
  }
});

test("a style made with Gemini as its model is priced by it, and the composer starts from it", async ({ page }) => {
  await signInWithApi(page, uniqueEmail("style-model"), base);
  await page.goto(`${base}/app/style`);
  const dialog = await openNewStyleDialog(page);
  await dialog.getByLabel("Name").fill("Kettle drawings");
  await dialog.getByLabel("Description").fill("Flat vector icons of kitchen things, copper and cream");
  await dialog.getByText("Draft", { exact: true }).click();
  // Four draft samples: 12 credits with OpenAI, twice that with Gemini.
  await expect(dialog.getByRole("button", { name: "Create style · 12 credits" })).toBeVisible();
  await dialog.getByLabel("Model", { exact: true }).selectOption("gemini");
  await dialog.getByRole("button", { name: "Create style · 24 credits" }).click();
  await expect(page.getByRole("article", { name: "Kettle drawings", exact: true })).toBeVisible();
  await expect(page.getByTestId("credit-badge")).toContainText("76");

  await page.goto(`${base}/app`);
  await page.getByRole("radio", { name: /Kettle drawings/ }).check();
  await expect(page.getByLabel("Model", { exact: true })).toHaveValue("gemini");
});
