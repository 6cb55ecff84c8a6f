import { expect, test } from "@playwright/test";
import { signInWithApi } from "./support/auth";
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

test("public pages are sent precompressed with a validator, and assets are cached for good", async ({ request }) => {
  const first = await request.get("/terms", { headers: { "Accept-Encoding": "br" } });
  expect(first.headers()["content-encoding"]).toBe("br");
  expect(first.headers()["cache-control"]).toBe("no-cache");
  const etag = first.headers()["etag"]!;
  expect(etag).toMatch(/^".+-br"$/);
  const again = await request.get("/terms", { headers: { "Accept-Encoding": "br", "If-None-Match": etag } });
  expect(again.status()).toBe(304);

  const asset = /\/assets\/[^"']+\.js/.exec(await first.text())![0];
  const cached = await request.get(asset, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(cached.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(["br", "gzip"]).toContain(cached.headers()["content-encoding"]);
});

test("public files are served compressed, with their type and an hour's caching, and a missing one is a 404", async ({
  page,
  request,
}) => {
  const files: [path: string, type: string][] = [
    ["/favicon.svg", "image/svg+xml"],
    ["/examples/flat-potion.svg", "image/svg+xml"],
    ["/examples/palettes.json", "application/json"],
    ["/analytics.js", "javascript"],
  ];
  for (const [path, type] of files) {
    const file = await request.get(path, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(file.status(), path).toBe(200);
    expect(file.headers()["content-type"]).toContain(type);
    expect(file.headers()["cache-control"]).toBe("public, max-age=3600");
    // Compressed, however small (the page-view script is under 1 kB).
    expect(file.headers()["content-encoding"], path).toBe("br");
  }
  expect((await request.get("/examples/no-such-file.svg")).status()).toBe(404);
  // The landing page's gallery comes from those files.
  await page.goto("/");
  const gallery = page.getByRole("img", { name: "Potion in the pixel art style" });
  await expect.poll(() => gallery.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test("a signed-in visitor's landing page is their own: it offers the app, not sign-in", async ({ page }) => {
  await signInWithApi(page);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Open Motif" }).first()).toBeVisible();
});

test("the pages sent from the public page cache are counted in /metrics", async ({ request }) => {
  const count = async () => {
    const text = await (await request.get("/metrics")).text();
    const line = text
      .split("\n")
      .find((l) => l.startsWith("motif_http_request_duration_seconds_count{") && l.includes('route="/privacy"'));
    return Number(line?.split(" ").at(-1) ?? 0);
  };
  const before = await count();
  await request.get("/privacy");
  await request.get("/privacy");
  await expect.poll(count).toBe(before + 2);
});
