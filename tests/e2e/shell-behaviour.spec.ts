import { expect, test } from "@playwright/test";
import { signInWithApi } from "./support/auth";

test("page views are sent with the normalised route path", async ({ page }) => {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/analytics/pageview")) sent.push(JSON.parse(request.postData() ?? "{}").path);
  });
  await page.goto("/terms");
  await expect.poll(() => sent).toContain("/terms");
  await page.goto("/some/unknown/page");
  await expect.poll(() => sent).toContain("/*");
  await page.goto("/privacy");
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms" }).click();
  await expect.poll(() => sent.filter((p) => p === "/terms")).toHaveLength(2);
});

test("page views go through /analytics.js, which an operator can replace", async ({ page, request }) => {
  const served = await request.get("/analytics.js");
  expect(served.ok()).toBe(true);
  expect(served.headers()["content-type"]).toMatch(/javascript/);

  // An operator's own script, in place of the file: it receives each normalised view.
  await page.route("**/analytics.js", (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: `var q = window.motifAnalytics || []; window.seen = [];
        window.motifAnalytics = { push: function (c) { window.seen.push(c); } };
        q.forEach(window.motifAnalytics.push);`,
    }),
  );
  const posted: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/analytics/pageview")) posted.push(r.url());
  });
  const seen = () => page.evaluate(() => (window as unknown as { seen?: unknown[] }).seen);
  // The pages served without React report their view as the app does.
  await page.goto("/terms");
  await expect.poll(seen).toEqual([["pageview", "/terms"]]);
  await page.goto("/no/such/page");
  await expect.poll(seen).toEqual([["pageview", "/*"]]);
  // In the app, each client-side navigation is one more view in the same page's queue.
  await signInWithApi(page);
  await page.goto("/app/style");
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Objects" }).click();
  await expect(page).toHaveURL(/\/app\/object$/);
  await expect.poll(seen).toEqual([
    ["pageview", "/app/style"],
    ["pageview", "/app/object"],
  ]);
  // The app's bundle sends nothing itself: the replaced script decided not to.
  expect(posted).toEqual([]);
});

test("after a new release is seen, the next navigation is a full page load", async ({ page }) => {
  // Signed in, the public pages run the app (to visitors they are served without React).
  await signInWithApi(page);
  let latest = "";
  await page.route("**/builds/latest.json", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { id: string };
    await route.fulfill({ json: { id: latest || body.id } });
  });
  await page.goto("/");
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));

  // Same release: client-side navigation keeps the page (and the marker).
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);

  // A new release: the check (1 s after idle) notices, and the next navigation reloads.
  latest = "a-newer-build";
  await page.reload();
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.waitForResponse("**/builds/latest.json");
  const fullLoad = page.waitForEvent("load");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
  await fullLoad;
  await expect(page).toHaveURL(/\/privacy$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
  await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
});

test("after a new release is seen, the next link is one document load and no loader of the old build runs", async ({
  page,
}) => {
  await signInWithApi(page);
  let latest = "";
  await page.route("**/builds/latest.json", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { id: string };
    await route.fulfill({ json: { id: latest || body.id } });
  });
  latest = "a-newer-build";
  await page.goto("/app/style");
  // The app has taken the new release in (not just received the manifest) before the click.
  await expect(page.locator("html")).toHaveAttribute("data-release", "new");

  const requests: { url: string; type: string }[] = [];
  page.on("request", (request) => requests.push({ url: request.url(), type: request.resourceType() }));
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Objects" }).click();
  await expect(page).toHaveURL(/\/app\/object$/);
  await expect(page.getByRole("heading", { name: "Objects", level: 1 })).toBeVisible();
  await page.waitForLoadState("load");

  const documents = requests.filter((r) => r.type === "document");
  // The old build's requests are those before the new document: the new page may revalidate its own data.
  const oldBuild = requests.slice(0, requests.indexOf(documents[0]!));
  const loaderCalls = oldBuild.filter((r) => new URL(r.url).pathname.endsWith(".data"));
  expect(loaderCalls, "client loader requests").toEqual([]);
  expect(documents.map((r) => new URL(r.url).pathname)).toEqual(["/app/object"]);
});

test("the release manifest names the build the page runs", async ({ page, request }) => {
  await page.goto("/auth/login");
  const pageVersion = await page.evaluate(
    () => (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest.version,
  );
  const manifest = (await (await request.get("/builds/latest.json")).json()) as { id: string };
  expect(manifest.id).toBe(pageVersion);
});

test("the app's own links move within the page, mark where the person is, and leave modified clicks to the browser", async ({
  page,
  context,
}) => {
  await signInWithApi(page);
  await page.goto("/app");
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  const nav = page.getByRole("navigation", { name: "App" });
  await expect(nav.getByRole("link", { name: "Create" })).toHaveAttribute("aria-current", "page");

  await nav.getByRole("link", { name: "Styles" }).click();
  await expect(page).toHaveURL(/\/app\/style$/);
  await expect(page.getByRole("heading", { name: "Styles", level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  await expect(nav.getByRole("link", { name: "Styles" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Create" })).not.toHaveAttribute("aria-current", "page");

  // Back returns to the entry the link added.
  await page.goBack();
  await expect(page).toHaveURL(/\/app$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);

  // A link to the page shown replaces its history entry, as React Router's does: the entry ahead
  // (the styles page) is kept. React Router's entries carry a key and their place in the history.
  type Entry = { key: string; idx: number };
  const before = await page.evaluate(() => history.state as Entry);
  await nav.getByRole("link", { name: "Create" }).click();
  await page.waitForFunction((key) => (history.state as Entry).key !== key, before.key);
  expect(await page.evaluate(() => (history.state as Entry).idx)).toBe(before.idx);
  await page.goForward();
  await expect(page).toHaveURL(/\/app\/style$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/app$/);

  // A Ctrl-click opens the page in a new tab and leaves this one where it is.
  const opened = context.waitForEvent("page");
  await nav.getByRole("link", { name: "Objects" }).click({ modifiers: ["ControlOrMeta"] });
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe("/app/object");
  await expect(page).toHaveURL(/\/app$/);
});
