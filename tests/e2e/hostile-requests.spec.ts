import { expect, test } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { signInToApp } from "./support/auth";

/** Every page's path pattern, from the app's own route config: a new page is walked without listing it. */
function pagePaths(entries: RouteConfigEntry[], base = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${base}/${entry.path}` : base;
    const own = entry.index || (entry.path && !entry.children?.length) ? [path || "/"] : [];
    return [...own, ...pagePaths(entry.children ?? [], path)];
  });
}

const NUL_MESSAGE = "The address contains a NUL character (%00), which is not allowed.";
const patterns = pagePaths(routes);
const fill = (pattern: string, value: string) => pattern.replace(/:\w+|\*/g, value);

test("walks every page", () => {
  expect(patterns).toEqual(expect.arrayContaining(["/", "/auth/verify", "/app", "/app/object/:objectId", "/*"]));
});

test("no page answers %00 in its address, or TRACE, with a server error", async ({ page }) => {
  test.setTimeout(90_000);
  // Signed in, so that every loader runs, as far as the database.
  await signInToApp(page);
  const request = page.request;
  for (const pattern of patterns) {
    const addresses = [
      ...["%00", "abc%00", "%00.png"].map((value) => fill(pattern, value)).filter((p) => p.includes("%00")),
      ...["x", "redirectTo", "styleId", "q", "image", "token"].map((key) => `${fill(pattern, "abc")}?${key}=%00`),
      `${fill(pattern, "abc")}?x%00=1`,
      // React Router's data requests, as a client-side navigation makes them.
      `${fill(pattern, "abc").replace(/\/$/, "/_root")}.data?styleId=%00`,
    ];
    for (const address of addresses) {
      const response = await request.get(address, { maxRedirects: 0 });
      expect({ address, status: response.status() }).toEqual({ address, status: 400 });
      expect(await response.text()).toContain(NUL_MESSAGE);
    }
    for (const method of ["TRACE", "PROPFIND"]) {
      const address = fill(pattern, "abc");
      const response = await request.fetch(address, { method, maxRedirects: 0 });
      expect({ method, address, status: response.status() }).toEqual({ method, address, status: 405 });
      expect(response.headers()["allow"]).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      expect(await response.text()).toContain(`<h1>Method Not Allowed</h1><p>${method} is not supported.</p>`);
    }
  }
  // The health check and the release check too.
  for (const address of ["/healthz", "/builds/latest.json"]) {
    expect((await request.fetch(address, { method: "TRACE" })).status()).toBe(405);
  }
});

test("the 400 page says what was wrong and links home", async ({ page }) => {
  const response = await page.goto("/app/object/abc%00");
  expect(response?.status()).toBe(400);
  await expect(page).toHaveTitle("Bad Request · Motif");
  await expect(page.getByRole("heading", { name: "Bad Request" })).toBeVisible();
  await expect(page.getByText(NUL_MESSAGE)).toBeVisible();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
});
