// A self-hosted Stable Diffusion WebUI (AUTOMATIC1111 / Forge) behind Motif, against the local
// fake of its --api (tests/fakes/a1111-api.ts, signed in with HTTP Basic as --api-auth asks):
// the operator finds it on the setup page and tests its connection; a user makes a set with it,
// its sampler steps showing; a set cancelled mid-image interrupts the WebUI, and the half-made
// image it then answers is not kept.
// Needs, in playwright.config.ts and tests/e2e/support/ports.ts: e2ePorts.a1111 (the fake, run with
// FAKE_A1111_AUTH) and e2ePorts.a1111App (an instance with IMAGE_PROVIDERS=a1111,offline).
import { expect, test } from "@playwright/test";
import { signInWithApi, uniqueEmail } from "./support/auth";
import { createStyleWithApi } from "./support/objects";
import { e2ePorts } from "./support/ports";

const base = `http://localhost:${e2ePorts.a1111App}`;
const webui = `http://127.0.0.1:${e2ePorts.a1111}`;
const control = `${webui}/__control`;
const OPERATOR = "operator-a1111@example.com";
const basic = { Authorization: `Basic ${Buffer.from("motif:webui-secret").toString("base64")}` };

test.describe.configure({ mode: "serial" });
test.afterEach(async ({ request }) => {
  await request.delete(control);
});

test("the operator finds the WebUI on the setup page and tests its connection", async ({ page }) => {
  await signInWithApi(page, OPERATOR, base);
  await page.goto(`${base}/app/setup`);
  // The steps to change or add a model are on the page, and the WebUI already has its card.
  await expect(page.getByRole("region", { name: "Change or add models" })).toContainText(
    "Come back here and press Test connection",
  );
  const engine = page.getByRole("region", { name: "Stable Diffusion WebUI (AUTOMATIC1111 / Forge)" });
  await expect(engine.getByText("Default", { exact: true })).toBeVisible();
  await expect(engine).toContainText(`127.0.0.1:${e2ePorts.a1111}`);
  await expect(engine).toContainText("sd_xl_base_1.0.safetensors");
  // The sign-in is a secret: never shown.
  await expect(engine).not.toContainText("webui-secret");
  await engine.getByRole("button", { name: "Test connection" }).click();
  const result = engine.getByRole("status");
  await expect(result).toContainText(/Connected in \d+ ms/);
  await expect(result).toContainText(
    `Connected to 127.0.0.1:${e2ePorts.a1111}: the WebUI answers and has sd_xl_base_1.0.safetensors.`,
  );
});

test("a set made with the WebUI shows its sampler steps and is charged", async ({ page, request }) => {
  test.setTimeout(90_000);
  // Paced steps, so the page has time to show them.
  await request.post(control, { data: { stepMs: 150 } });
  await signInWithApi(page, uniqueEmail("a1111-set"), base);
  await createStyleWithApi(page, "WebUI icons", base);
  // The style's samples were drawn by the WebUI too: count the set's runs from here.
  const runsBefore = ((await (await request.get(control)).json()) as { runs: number }).runs;
  await page.goto(`${base}/app`);
  await page.getByRole("radio", { name: /WebUI icons/ }).check();
  await page.getByRole("group", { name: "Detail" }).getByText("Draft", { exact: true }).click();
  // SDXL paints opaque images; this test is about the WebUI, not the matte.
  await page.getByRole("switch", { name: "Transparent background" }).click();
  await page.getByLabel("Objects", { exact: true }).fill("Iron anvil\nCopper kettle");
  await page.getByTestId("generate-objects").click();
  const job = page.getByTestId("job-card").filter({ hasText: "Iron anvil" });
  await expect(job.getByTestId("job-model")).toHaveText(/Automatic1111 sd_xl_base_1\.0\.safetensors/);
  // Draft is 12 steps.
  await expect(job.getByRole("status")).toContainText(/step \d+ of 12/, { timeout: 20_000 });
  await expect(job).toHaveAttribute("data-status", "succeeded", { timeout: 60_000 });
  const state = (await (await request.get(control)).json()) as { runs: number; interrupts: unknown[] };
  expect(state.runs - runsBefore).toBe(2);
  expect(state.interrupts).toEqual([]);
});

test("a set cancelled mid-image interrupts the WebUI, keeps nothing half-made and refunds it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await request.post(control, { data: { stepMs: 20 } });
  await signInWithApi(page, uniqueEmail("a1111-cancel"), base);
  await createStyleWithApi(page, "Held icons", base);
  // From now on (the style's samples are made), runs stop halfway and wait there until interrupted.
  await request.post(control, { data: { hold: true } });
  await page.goto(`${base}/app`);
  await page.getByRole("radio", { name: /Held icons/ }).check();
  await page.getByRole("group", { name: "Detail" }).getByText("Draft", { exact: true }).click();
  await page.getByLabel("Objects", { exact: true }).fill("Round shield");
  await page.getByTestId("generate-objects").click();
  const job = page.getByTestId("job-card").filter({ hasText: "Round shield" });
  // The WebUI is mid-image: its progress shows the held step.
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`${webui}/sdapi/v1/progress`, { headers: basic })).json()) as {
            state: { sampling_step: number };
          }
        ).state.sampling_step,
      { timeout: 20_000 },
    )
    .toBe(6);
  const before = await page.getByTestId("credit-badge").textContent();
  await job.getByRole("button", { name: /^Cancel / }).click();
  const toast = page.locator('[data-toast-id][data-color="success"]').filter({ hasText: /Cancel/ });
  // Nothing was made: the whole price comes back.
  await expect(toast).toContainText(/Cancelled\. Your \d+ credits? (was|were) refunded\./);
  // The cancel reached the WebUI as an interrupt, while its run was at step 6.
  await expect
    .poll(async () => ((await (await request.get(control)).json()) as { interrupts: unknown[] }).interrupts)
    .toEqual([{ step: 6 }]);
  await expect(job).toHaveAttribute("data-status", "canceled");
  await expect(job.getByRole("img")).toHaveCount(0);
  await expect(page.getByTestId("credit-badge")).not.toHaveText(before!);
});
