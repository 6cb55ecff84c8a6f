import { expect, test } from "@playwright/test";
import { signInWithApi } from "./support/auth";
import { expectNoViolations } from "./support/axe";

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

  // Webhooks only go to public https addresses: a private one is refused in plain words.
  await row.getByRole("button", { name: "Webhook for Build server" }).click();
  const webhook = page.getByRole("dialog", { name: "Webhook for “Build server”" });
  await webhook.getByLabel("Webhook URL").fill("http://127.0.0.1:9/hook");
  await webhook.getByRole("button", { name: "Save" }).click();
  await expect(webhook.getByText(/must start with https:\/\//)).toBeVisible();
  await webhook.getByRole("button", { name: "Close" }).click();

  await page.reload();
  await expect(row).not.toContainText("never used");
  await row.getByRole("button", { name: "Revoke Build server" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.locator('[data-toast-id][data-color="success"]')).toContainText("Key Revoked");
  await expect(section.getByTestId("api-key")).toHaveCount(0);
  const after = await script.get("/api/users/me", { headers: { Authorization: `Bearer ${secret}` } });
  expect(after.status()).toBe(401);
  expect((await after.json()).error.message).toBe("This API key was revoked.");
  await script.dispose();
});
