import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { readZip } from "../support/zip";
import { signInWithApi, uniqueEmail } from "./support/auth";
import { e2ePorts } from "./support/ports";
import { downloadThroughDialog } from "./support/objects";
import { openNewStyleDialog } from "./support/styles";

// The second instance runs as a fresh install does: no keys, the preview engine, free.
const base = `http://localhost:${e2ePorts.shortLinks}`;
const ANIMALS = ["Fox", "Owl", "Bear", "Deer", "Rabbit"];
/** Set SCREENSHOTS_DIR to keep the pages' pictures (docs/screenshots). */
const screenshots = process.env.SCREENSHOTS_DIR;

/** Closes the toasts on screen, so a screenshot shows the page. */
async function closeToasts(page: Page) {
  for (const close of await page.getByRole("button", { name: "Close", exact: true }).all()) await close.click();
  // A whole-page picture is taken from the top, where the fixed header and menu belong.
  await page.evaluate(() => window.scrollTo(0, 0));
}

test("a fresh install draws a set of five different animals in one look, each with its licence", async ({ page }) => {
  test.setTimeout(120_000);
  await signInWithApi(page, uniqueEmail("icons"), base);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto(`${base}/app/style`);
  const dialog = await openNewStyleDialog(page);
  await dialog.getByLabel("Name").fill("Flat pastel");
  await dialog.getByLabel("Description").fill("Flat pastel isometric icons");
  await dialog.getByRole("button", { name: /Create style/ }).click();
  const card = page.getByRole("article", { name: "Flat pastel", exact: true });
  await expect(card.getByTestId("preview-badge")).toHaveCount(4, { timeout: 30_000 });

  await page.goto(`${base}/app`);
  await page.getByLabel("Objects", { exact: true }).fill(ANIMALS.join("\n"));
  await page.getByRole("radio", { name: /Flat pastel/ }).check();
  await page.getByTestId("generate-objects").click();
  const job = page.getByTestId("job-card").first();
  for (const name of ANIMALS)
    await expect(job.getByLabel(new RegExp(`^${name}: done`))).toBeVisible({ timeout: 30_000 });
  const latest = page.getByRole("region", { name: "Latest objects" });
  await expect(latest.getByTestId("object-card")).toHaveCount(5);
  await expect(latest.locator("img").first()).toBeVisible();
  if (screenshots) {
    await closeToasts(page);
    await page.screenshot({ path: `${screenshots}/composer-light.png`, fullPage: true });
  }

  // Five different pictures (the files, not only their addresses); the ZIP below names the icon each was drawn from.
  await job.getByRole("link", { name: /Open the set/ }).click();
  const covers = page.getByRole("list", { name: "Your objects" }).locator("img");
  await expect(covers).toHaveCount(5);
  // Each cover has chosen its picture (an image still loading has no currentSrc yet).
  const sourcesOf = () => covers.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).currentSrc));
  await expect.poll(async () => (await sourcesOf()).every(Boolean)).toBe(true);
  const sources = await sourcesOf();
  const pictures = await Promise.all(
    sources.map(async (src) => (await (await page.request.get(src)).body()).toString("base64")),
  );
  expect(new Set(pictures).size).toBe(5);
  if (screenshots) {
    await closeToasts(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(covers).toHaveCount(5);
    await page.screenshot({ path: `${screenshots}/library-dark.png` });
    await page.emulateMedia({ colorScheme: "light" });
  }

  // The set's ZIP names each file's icon and the library's credit.
  const zip = await readZip(
    readFileSync(await downloadThroughDialog(page, page.getByRole("button", { name: "Download set…" }))),
  );
  const attribution = zip.find((entry) => entry.name === "ATTRIBUTION.txt")!.data.toString("utf8");
  for (const animal of ANIMALS) {
    expect(attribution).toMatch(
      new RegExp(`flat-pastel-${animal.toLowerCase()}\\.png: ${animal} · Fluent Emoji Flat · MIT`),
    );
  }

  // Each object page says what it was drawn from, under which licence, and that no AI made it.
  await page.getByRole("article", { name: "Fox" }).getByRole("link").click();
  const details = page.getByRole("region", { name: "How this image was made" });
  await expect(details.getByTestId("image-credit")).toHaveText("Fox · Fluent Emoji Flat · MIT");
  await expect(details).toContainText("Fluent Emoji by Microsoft Corporation (MIT)");
  await expect(details.getByRole("link", { name: "Licence" })).toHaveAttribute("href", /fluentui-emoji/);
  await expect(details).toContainText("Made by Motif's built-in preview engine, not by an AI model.");
  await expect(page.getByTestId("image-stage").getByTestId("preview-badge")).toBeVisible();
  if (screenshots) {
    await closeToasts(page);
    await page.screenshot({ path: `${screenshots}/object-light.png`, fullPage: true });
  }
});
