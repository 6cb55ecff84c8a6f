import { expect, test } from "@playwright/test";
import { signInWithApi } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { startWebhookReceiver } from "../fakes/webhook-receiver";

test("create an API key in Settings, use it from a script, then revoke it", async ({ page, playwright, baseURL }) => {
  await signInWithApi(page);
  await page.goto("/app/settings");
  const section = page.locator("#api-keys");
  await expect(section.getByText("No keys yet.")).toBeVisible();

  await section.getByRole("button", { name: "Create API key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create API key" });
  await dialog.getByLabel("Name").fill("Build server");
  await dialog.getByLabel("Expires").selectOption({ label: "In 30 days" });
  await dialog.getByLabel("Monthly credit cap").fill("50");
  await expectNoViolations(page, "create API key dialog");
  // A webhook to a private address is refused under its field, for its address, and nothing is made.
  const hookField = dialog.getByLabel("Webhook URL");
  await hookField.fill("http://169.254.169.254/latest/meta-data/");
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(hookField).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText(/only sent to public internet addresses/)).toBeVisible();
  await hookField.fill("");
  await dialog.getByRole("button", { name: "Create key" }).click();

  const shown = page.getByRole("dialog", { name: "Copy your new key" });
  const secret = (await shown.getByLabel("API key", { exact: true }).textContent())!.trim();
  expect(secret).toMatch(/^mtf_/);
  await shown.getByRole("button", { name: "Done" }).click();

  const row = section.getByTestId("api-key").filter({ hasText: "Build server" });
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).toContainText("never used");
  await expect(row).toContainText("0 of 50 credits this month");
  await expect(row).not.toContainText(secret);

  // A script: no cookies, no Origin, just the key.
  const script = await playwright.request.newContext({ baseURL });
  const me = await script.get("/api/users/me", { headers: { Authorization: `Bearer ${secret}` } });
  expect(me.status()).toBe(200);

  // Webhooks only go to public https addresses (and networks the operator allows): a private one is refused in plain words.
  await row.getByRole("button", { name: "Webhook for Build server" }).click();
  const webhook = page.getByRole("dialog", { name: "Webhook for “Build server”" });
  await webhook.getByLabel("Webhook URL").fill("http://10.0.0.5:9/hook");
  await webhook.getByRole("button", { name: "Save" }).click();
  await expect(webhook.getByText(/only sent to public internet addresses/)).toBeVisible();
  await webhook.getByRole("button", { name: "Close" }).click();

  await page.reload();
  await expect(row).not.toContainText("never used");
  await row.getByRole("button", { name: "Revoke Build server" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.locator('[data-toast-id][data-color="success"]')).toContainText("Key revoked");
  await expect(section.getByTestId("api-key")).toHaveCount(0);
  const after = await script.get("/api/users/me", { headers: { Authorization: `Bearer ${secret}` } });
  expect(after.status()).toBe(401);
  expect((await after.json()).error.message).toBe("This API key was revoked.");
  await script.dispose();
});

test("check a webhook: send a test event, read what the receiver answered, and redeliver it", async ({ page }) => {
  // A receiver on this machine, which the instance's operator allows (WEBHOOK_ALLOWED_NETWORKS).
  const receiver = await startWebhookReceiver();
  try {
    await signInWithApi(page);
    await page.goto("/app/settings");
    const section = page.locator("#api-keys");
    await section.getByRole("button", { name: "Create API key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create API key" });
    await dialog.getByLabel("Name").fill("Pipeline");
    await dialog.getByLabel("Webhook URL").fill(`http://127.0.0.1:${receiver.port}/motif`);
    await dialog.getByRole("button", { name: "Create key" }).click();
    await page.getByRole("dialog", { name: "Copy your new key" }).getByRole("button", { name: "Done" }).click();

    const row = section.getByTestId("api-key").filter({ hasText: "Pipeline" });
    await row.getByRole("button", { name: "Deliveries for Pipeline" }).click();
    const deliveries = page.getByRole("dialog", { name: "Deliveries for “Pipeline”" });
    await expect(deliveries.getByText("No deliveries yet.")).toBeVisible();

    // The receiver fails the first time: the test event is listed as failed, with its answer.
    receiver.answer(500);
    await deliveries.getByRole("button", { name: "Send test event" }).click();
    await expect(page.locator('[data-toast-id][data-color="error"]')).toContainText("Test event not delivered");
    const listed = deliveries.getByTestId("webhook-delivery");
    await expect(listed).toHaveCount(1);
    await expect(listed.first()).toContainText("Failed");
    await expect(listed.first()).toContainText("Test event");
    await expect(listed.first()).toContainText("HTTP 500 · 1 attempt");
    await listed.first().getByText("What the receiver answered").click();
    await expect(listed.first().locator("pre")).toHaveText("no");
    await expectNoViolations(page, "webhook deliveries dialog");

    await listed
      .first()
      .getByRole("button", { name: /^Redeliver the test event/ })
      .click();
    await expect(page.locator('[data-toast-id][data-color="success"]')).toContainText("Event delivered");
    await expect(listed.first()).toContainText("Delivered");
    await expect(listed.first()).toContainText("HTTP 200 · 2 attempts");

    // Both posts were the same event, signed.
    expect(receiver.received).toHaveLength(2);
    const [first, again] = receiver.received;
    expect(again!.headers["motif-event-id"]).toBe(first!.headers["motif-event-id"]);
    expect(again!.body).toBe(first!.body);
    expect(JSON.parse(again!.body)).toMatchObject({ type: "webhook.test", data: { key: { name: "Pipeline" } } });
    expect(String(again!.headers["motif-signature"])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  } finally {
    await receiver.close();
  }
});
