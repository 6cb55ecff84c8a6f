import { expect, test } from "@playwright/test";
import { e2ePorts } from "./support/ports";

// Server rendering: with JavaScript off, each page's content is already in the HTML.
test.use({ javaScriptEnabled: false });

const pages = [
  { path: "/", title: /Motif/, text: "One style." },
  { path: "/terms", title: "Terms of Service · Motif", text: "Acceptable use" },
  { path: "/privacy", title: "Privacy Policy · Motif", text: "Cookies and local storage" },
  { path: "/auth/login", title: "Sign in · Motif", text: "Sign in to Motif" },
  { path: "/auth/verify", title: /Motif/, text: "Signing you in" },
];

for (const { path, title, text } of pages) {
  test(`${path} renders on the server`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(title);
    const html = await response!.text();
    expect(html).toContain(text);
    await expect(page.getByText(text).first()).toBeVisible();
  });
}

test("the landing page shows how it works, the gallery and the price table", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "How it works" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Potion in the pixel art style" })).toBeVisible();
  const prices = page.getByRole("table", { name: /Credits per image/ });
  await expect(prices.getByRole("row", { name: /Standard/ })).toContainText("8 credits");
  await expect(prices.getByRole("row", { name: /High/ })).toContainText("45 credits");
});

test("the landing page states the sign-up grant the operator configured", async ({ page }) => {
  await page.goto(`http://localhost:${e2ePorts.shortLinks}/`);
  await expect(page.getByText("250 free credits when you sign up.")).toBeVisible();
  await page.goto("/");
  await expect(page.getByText("100 free credits when you sign up.")).toBeVisible();
});
