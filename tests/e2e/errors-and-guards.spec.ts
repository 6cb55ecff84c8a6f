import { expect, test } from "@playwright/test";
import { instanceDatabase } from "./support/instance-database";

test("an unknown path is a 404 with the spec's message and title", async ({ page }) => {
  const response = await page.goto("/no/such/page?x=1");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Page Not Found · Motif");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(page.getByTestId("error-message")).toHaveText("Page not found: /no/such/page");
});

test("an unknown API call is a JSON 404", async ({ request }) => {
  const response = await request.get("/api/nothing-here");
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ error: { code: "not_found", message: "Not found" } });
});

for (const path of ["/app", "/app/style", "/app/settings", "/app/object", "/app/object/abc123"]) {
  test(`anonymous ${path} goes to the login page, remembering the way back`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === "/auth/login");
    const redirectTo = new URL(page.url()).searchParams.get("redirectTo");
    expect(redirectTo).toBe(path === "/app" ? null : path);
    await expect(page.getByRole("heading", { name: "Sign in to Motif" })).toBeVisible();
  });
}

test("the redirect happens on the server, before any page code runs", async ({ request }) => {
  const response = await request.get("/app/settings", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/auth/login?redirectTo=%2Fapp%2Fsettings");
});

test("health check reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: instanceDatabase });
});
