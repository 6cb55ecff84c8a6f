import { expect, test } from "@playwright/test";
import { balanceWithApi, signInWithApi, uniqueEmail, waitForHydration } from "./support/auth";
import { createStyleWithApi, generateObjectsWithApi, waitForJob } from "./support/objects";
import { e2ePorts } from "./support/ports";

const base = `http://localhost:${e2ePorts.app}`;

// A page the server rendered before is sent again only while its address and data are the same.
test("a signed-in page is the same bytes while nothing changed, and follows a change at once", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("rendered");
  await signInWithApi(page, email, base);
  const styleId = await createStyleWithApi(page, "Rendered icons", base);
  const { objects, job } = await generateObjectsWithApi(page, { styleId, subjects: ["Lantern"] }, base);
  const address = `${base}/app/object/${objects[0]!.id}`;
  // Its data settles once the set is made: until then each look may differ, and rightly so.
  await waitForJob(page, job.id, base);

  // The create page's data is kept too (styles, job cards, latest objects): read it once.
  const createPage = await page.request.get(`${base}/app`);
  expect(createPage.status()).toBe(200);
  expect(await createPage.text()).toContain("Lantern");

  const first = await page.request.get(address);
  const second = await page.request.get(address);
  expect(first.status()).toBe(200);
  const etag = first.headers()["etag"]!;
  expect(etag).toMatch(/^W\/"[\w-]+"$/);
  expect(first.headers()["cache-control"]).toBe("private, no-cache");
  expect(second.headers()["etag"]).toBe(etag);
  expect((await second.body()).equals(await first.body())).toBe(true);
  // A browser holding those bytes is told it may keep them.
  const revalidated = await page.request.get(address, { headers: { "If-None-Match": etag } });
  expect(revalidated.status()).toBe(304);
  expect(await revalidated.text()).toBe("");

  // Renamed: the very next request shows the new name, under a new tag.
  const renamed = await page.request.patch(`${base}/api/objects/${objects[0]!.id}`, {
    headers: { Origin: base },
    data: { name: "Storm lantern" },
  });
  expect(renamed.status()).toBe(200);
  const after = await page.request.get(address, { headers: { "If-None-Match": etag } });
  expect(after.status()).toBe(200);
  expect(after.headers()["etag"]).not.toBe(etag);
  expect(await after.text()).toContain("Storm lantern");
  await page.goto(address);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Storm lantern");
  // In every kept page: the create page's latest objects and its job card follow the rename.
  expect(await (await page.request.get(`${base}/app`)).text()).toContain("Storm lantern");
  await page.goto(`${base}/app`);
  await expect(page.getByRole("link", { name: /Storm lantern/ }).first()).toBeVisible();

  // Another person's same address is their own page, never these bytes.
  const other = await browser.newPage();
  await signInWithApi(other, uniqueEmail("rendered-other"), base);
  const theirs = await other.request.get(`${base}/app/settings`);
  const mine = await page.request.get(`${base}/app/settings`);
  expect(await mine.text()).toContain(email);
  expect(await theirs.text()).not.toContain(email);
  expect(theirs.headers()["etag"]).not.toBe(mine.headers()["etag"]);
  await other.close();
});

// The shell's balance comes with the document (read with its event cursor): it is in the HTML a
// person first sees, where the badge once showed a placeholder until the profile was read. The
// profile read after hydration, agreeing with the document, draws nothing again.
test("the balance is in a signed-in page's first HTML, and the profile read after it redraws nothing", async ({
  page,
}) => {
  await signInWithApi(page, uniqueEmail("balance-in-document"), base);
  const label = `${(await balanceWithApi(page, base)).toLocaleString("en")} credits`;
  const html = await (await page.request.get(`${base}/app`)).text();
  expect(html).toContain(`aria-label="${label}"`);
  expect(html).not.toContain("Credit balance loading");

  // React tells a developer-tools hook of every commit; this one counts them.
  await page.addInitScript(() => {
    const counted = window as unknown as { reactCommits: number; __REACT_DEVTOOLS_GLOBAL_HOOK__: object };
    counted.reactCommits = 0;
    counted.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onCommitFiberRoot: () => void counted.reactCommits++,
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
    };
  });
  const commits = () => page.evaluate(() => (window as unknown as { reactCommits: number }).reactCommits);
  const settled = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
  // The profile's answer is held until the page has hydrated (it is the page's only read after).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/users/me", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${base}/app`);
  await waitForHydration(page);
  await settled();
  const before = await commits();
  expect(before).toBeGreaterThan(0);

  const profileRead = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/users/me");
  release();
  expect((await profileRead).status()).toBe(200);
  await settled();
  expect(await commits()).toBe(before);
  await expect(page.getByTestId("credit-badge")).toHaveAccessibleName(label);
});
