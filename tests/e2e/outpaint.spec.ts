import { expect, test } from "@playwright/test";
import { balanceWithApi, signInWithApi, uniqueEmail } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi, generateObjectsWithApi, waitForJob } from "./support/objects";
import { e2ePorts } from "./support/ports";

// Extending an image on the instance whose default model is OpenAI (a local fake of its Images
// API): priced before the click, paid once, and the wider image in the strip as outpainted. And the
// preview-only instance, which says before the click that it cannot.
const openaiBase = `http://localhost:${e2ePorts.openaiApp}`;

test("a fox extended to the right by half: priced before the click, and the wider image in the strip as outpainted", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWithApi(page, uniqueEmail("outpaint"), openaiBase);
  const styleId = await createStyleWithApi(page, "Wide foxes", openaiBase);
  const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Fox"] }, openaiBase);
  await waitForJob(page, job.id, openaiBase);
  await page.goto(`${openaiBase}/app/object/${objects[0]!.id}`);
  const balance = await balanceWithApi(page, openaiBase);

  const panel = page.getByRole("region", { name: "Extend or replace background" });
  await panel.getByRole("group", { name: "Direction" }).getByRole("button", { name: "Right" }).click();
  await panel.getByText("50 %", { exact: true }).click();
  await expect(panel.getByTestId("outpaint-size")).toHaveText("1024 × 1024 → 1536 × 1024 px");
  await panel.getByLabel("What is in the new space (optional)").fill("more of the meadow");
  // A draft square on OpenAI is 3 credits: one edit's price, said on the button.
  await expect(panel.getByTestId("outpaint")).toHaveText("Extend· 3 credits");
  await expectNoViolations(page, "the outpaint panel");
  await panel.getByTestId("outpaint").click();
  await expect(page.locator("[data-toast-id]").filter({ hasText: /Extending Fox|Extended Fox/ })).toBeVisible();

  const strip = page.getByTestId("variant-strip");
  const outpainted = strip.getByRole("button", { name: /^Image 2, outpainted · right \+50 %/ });
  await expect(outpainted).toBeVisible({ timeout: 60_000 });
  expect(await balanceWithApi(page, openaiBase)).toBe(balance - 3);
  await outpainted.click();
  await expect(page.getByRole("heading", { name: "Image 2 of 2" })).toBeVisible();
  await expect(page.getByText("PNG is the original file, 1536 × 1024")).toBeVisible();
});

test("on the preview engine alone, the panel says before the click that it needs a model that repaints a region", async ({
  page,
}) => {
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "Preview foxes");
  const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects: ["Fox"] });
  await waitForJob(page, job.id);
  await page.goto(`/app/object/${objects[0]!.id}`);
  const panel = page.getByRole("region", { name: "Extend or replace background" });
  await expect(panel.getByTestId("outpaint")).toBeDisabled();
  await expect(panel.getByTestId("outpaint-hint")).toContainText("cannot");
});
