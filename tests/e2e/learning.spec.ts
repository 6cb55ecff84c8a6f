import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { balanceWithApi, signInWithApi, uniqueEmail, waitForHydration } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi, generateObjectsWithApi, waitForJob } from "./support/objects";
import { e2ePorts } from "./support/ports";

// Learned styles and characters on the instance offering the preview engine and fal (a local fake
// of its queue, which trains): a style trained from the browser and drawn with, and a character made
// from an object and drawn in two styles.
const base = `http://localhost:${e2ePorts.learningApp}`;
const falControl = `http://127.0.0.1:${e2ePorts.fal}/__control`;

const picture = async (background: string, i: number) => ({
  name: `look-${i}.png`,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 96, height: 96, channels: 3, background } })
    .png()
    .toBuffer(),
});

test("a style trained on fal from the browser: priced, followed live, then drawn with at the strength chosen", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWithApi(page, uniqueEmail("trains-a-style"), base);
  const styleId = await createStyleWithApi(page, "Amber crates", base);
  await page.goto(`${base}/app/style/${styleId}`);

  const panel = page.getByRole("region", { name: "Train this style" });
  await expect(panel.getByText("No pictures yet")).toBeVisible();
  const files = await Promise.all(["#e76f51", "#2a9d8f", "#264653", "#f4a261", "#8e5cf7"].map(picture));
  await panel.locator('input[type="file"]').setInputFiles(files);
  await expect(panel.getByRole("list", { name: "Pictures to train Amber crates on" }).getByRole("img")).toHaveCount(5);
  await panel.getByLabel("Trigger word").fill("mtfamber");
  await panel.getByText("Quick", { exact: true }).click();
  // 600 credits per 1,000 steps on this instance: the quick preset's 500 steps are 300.
  await expect(panel.getByTestId("start-training")).toHaveText("Train this style· 300 credits");
  await expectNoViolations(page, "the style's training panel");
  const before = await balanceWithApi(page, base);
  await panel.getByTestId("start-training").click();

  const training = panel.getByTestId("training");
  await expect(training).toHaveCount(1);
  await expect(training.getByRole("progressbar")).toBeVisible();
  await expect(training).toContainText("Trained", { timeout: 60_000 });
  await expect(training.getByRole("link", { name: "Weights" })).toBeVisible();
  expect(await balanceWithApi(page, base)).toBe(before - 300);

  // The composer offers the trained model's strength on fal, and the set is drawn with the LoRA at it.
  // What it offers comes with the page: nothing is asked of the API for it afterwards.
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await page.goto(`${base}/app?style=${styleId}`);
  await waitForHydration(page);
  await page.getByLabel("Model", { exact: true }).selectOption("fal");
  const strength = page.getByLabel("Trained model strength");
  await expect(strength).toBeVisible();
  expect(asked.filter((path) => /^\/api\/(characters|styles\/[^/]+\/training)$/.test(path))).toEqual([]);
  await strength.fill("0.7");
  await page.getByLabel("Objects", { exact: true }).fill("Crate");
  await page.getByRole("button", { name: /^Generate/ }).click();
  await expect
    .poll(
      async () => {
        const asked = (
          (await (await page.request.get(falControl)).json()) as { asked: { model: string; loras: unknown }[] }
        ).asked;
        return asked.filter((a) => a.model === "fal-ai/flux-lora").map((a) => a.loras);
      },
      { timeout: 30_000 },
    )
    .toContainEqual([{ path: expect.stringContaining("safetensors"), scale: 0.7 }]);
});

test("a character made from an object, drawn in two styles with its strength", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await signInWithApi(page, uniqueEmail("makes-a-character"), base);
  const pixel = await createStyleWithApi(page, "Pixel heroes", base);
  const painted = await createStyleWithApi(page, "Painted heroes", base);
  const { job, objects } = await generateObjectsWithApi(page, { styleId: pixel, subjects: ["Knight"] }, base);
  await waitForJob(page, job.id, base);

  await page.goto(`${base}/app/object/${objects[0]!.id}`);
  await page.getByRole("link", { name: "Make a character" }).click();
  const dialog = page.getByRole("dialog", { name: "New character" });
  await expect(dialog.getByLabel("Name")).toHaveValue("Knight");
  await dialog.getByLabel("Name").fill("Sir Brann");
  await dialog.getByLabel("What it looks like").fill("a knight in dented silver armour");
  await expectNoViolations(page, "the new character dialog");
  await dialog.getByRole("button", { name: "Make character" }).click();
  await expect(page.getByRole("heading", { name: "Sir Brann", level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Pictures of Sir Brann" }).getByRole("img")).toHaveCount(1);

  // The create page's first HTML already offers the character.
  expect(await (await page.request.get(`${base}/app`)).text()).toMatch(/<option[^>]*>Sir Brann<\/option>/);

  for (const [styleName, value] of [
    ["Pixel heroes", "1.5"],
    ["Painted heroes", "0.5"],
  ] as const) {
    await page.getByRole("link", { name: "Draw in a style" }).click();
    await page.getByRole("radio", { name: styleName }).check();
    await expect(page.getByLabel("Character", { exact: true })).toHaveValue(/.+/);
    const strength = page.getByLabel("Character strength");
    await expect(page.getByText(/approximate on Preview engine/)).toBeVisible();
    await strength.fill(value);
    await expect(page.locator("output").filter({ hasText: value })).toBeVisible();
    await page.getByLabel("Objects", { exact: true }).fill("Knight on guard");
    await page.getByRole("button", { name: /^Generate/ }).click();
    await expect(
      page
        .locator("[data-toast-id]")
        .filter({ hasText: /Generating|made/ })
        .first(),
    ).toBeVisible();
    await page.goto(`${base}/app/characters`);
    await page.getByRole("link", { name: /Sir Brann/ }).click();
  }
  await expect
    .poll(async () => {
      const reply = (await (await page.request.get(`${base}/api/objects?q=Knight%20on%20guard`)).json()) as {
        objects: { style: { id: string } }[];
      };
      return reply.objects.map((o) => o.style.id).sort();
    })
    .toEqual([pixel, painted].sort());
});
