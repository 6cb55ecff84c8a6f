import { expect, test, type APIResponse, type Page, type Response } from "@playwright/test";
import { zstdDecompressSync } from "node:zlib";
import { statementsNamed } from "../support/server-timing";
import { signInWithApi } from "./support/auth";
import { createStyleWithApi, generateObjectsWithApi, waitForJob } from "./support/objects";

/**
 * The first load of a signed-in page, counted as the browser makes it (issue: signed-in pages as
 * light as the public ones): script files and the HTML's bytes, for an account with one style and
 * eight objects. Counts bytes and files, not time, so the limits hold on a slow day.
 */
const MAX_SCRIPT_FILES = 15;
/** The HTML each page may send: the 40 kB budget (bench/page-weight.bench.ts reports it too). */
const MAX_HTML_BYTES = 40_000;

/**
 * The scripts and fonts a page's first load fetches, and the scripts that carry zod: none should.
 * Forms check input with the server's 400 or load their schemas with their page
 * (docs/decisions/126); zod names its error class in its code. Read from the responses the
 * browser got, not fetched again.
 */
async function firstLoad(page: Page, path: string) {
  const scripts = new Set<string>();
  const fonts = new Set<string>();
  const bodies: Promise<void>[] = [];
  const withZod: string[] = [];
  const noteResponse = (response: Response) => {
    if (response.request().resourceType() === "font") fonts.add(new URL(response.url()).pathname);
    if (response.request().resourceType() !== "script") return;
    scripts.add(response.url());
    bodies.push(
      response.text().then((text) => {
        if (text.includes("ZodError")) withZod.push(response.url());
      }),
    );
  };
  page.on("response", noteResponse);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  page.off("response", noteResponse);
  await Promise.all(bodies);
  const html = await (await page.request.get(path)).body();
  return { scripts: [...scripts], fonts: [...fonts], withZod, htmlBytes: html.length };
}

const statementsOf = (response: APIResponse) => statementsNamed(response.headers()["server-timing"]);

/** The icons the page draws from the sprite that the sprite lacks (none: every icon shows). */
async function missingIcons(page: Page): Promise<string[]> {
  const uses = await page
    .locator("svg.lucide use")
    .evaluateAll((found) => found.map((use) => use.getAttribute("href")!));
  expect(uses.length, "icons drawn from the sprite").toBeGreaterThan(5);
  const sprites = new Map<string, string>();
  const missing: string[] = [];
  for (const href of new Set(uses)) {
    const [file, id] = href.split("#") as [string, string];
    if (!sprites.has(file)) sprites.set(file, await (await page.request.get(file)).text());
    if (!sprites.get(file)!.includes(`<symbol id="${id}" viewBox="0 0 24 24">`)) missing.push(href);
  }
  return missing;
}

test("a signed-in page's first load stays within its script files and HTML bytes", async ({
  page,
  browser,
}, testInfo) => {
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "Weighed");
  const subjects = ["sword", "shield", "potion", "helmet", "bow", "scroll", "gem", "key"];
  const { job, objects } = await generateObjectsWithApi(page, { styleId, subjects });
  await waitForJob(page, job.id);

  for (const path of ["/app", "/app/style", `/app/object/${objects[0]!.id}`]) {
    const weight = await firstLoad(page, path);
    expect(weight.scripts.length, `${path}: ${weight.scripts.join(", ")}`).toBeLessThanOrEqual(MAX_SCRIPT_FILES);
    // The page is the app, hydrated: scripts ran, not a bare document.
    expect(weight.scripts.length, path).toBeGreaterThan(2);
    expect(weight.htmlBytes, path).toBeLessThanOrEqual(MAX_HTML_BYTES);
    expect(weight.withZod, path).toEqual([]);
    // The HTML names each icon; its drawing is in the one icon sprite (docs/decisions/125).
    expect(await missingIcons(page), path).toEqual([]);
    // One face of Inter, the narrowed Latin one (docs/decisions/135), the browser's first load of it.
    if (path === "/app") expect(weight.fonts).toEqual([expect.stringMatching(/^\/assets\/inter-latin-wght-400-700-/)]);
    // Rendered fresh (a new address) while the account's data stay as they are, the page reads one
    // statement: where its workspace stands, with the shell's data. The session and the page's
    // data are kept. (Polled: the job's last image copies may still move the data once.)
    let view = 0;
    await expect
      .poll(async () => statementsOf(await page.request.get(`${path}?view=${view++}`)), { message: path })
      .toBe(1);
  }

  // The styles list's first sample is fetched first, a phone's largest paint; the rest of its card
  // after the page's scripts, and the other cards' samples once near.
  await page.goto("/app/style");
  const samples = page.getByRole("list", { name: "Your styles" }).getByRole("img", { name: /^Weighed: / });
  await expect(samples).toHaveCount(4);
  await expect(samples.first()).toHaveAttribute("fetchpriority", "high");
  await expect(samples.first()).toHaveAttribute("loading", "eager");
  for (const later of await samples.all().then((all) => all.slice(1))) {
    await expect(later).toHaveAttribute("loading", "lazy");
    await expect(later).toHaveAttribute("fetchpriority", "low");
  }

  // On a phone that first sample stays the page's largest paint: the lower row, on whole pixels
  // like the upper one, never counts larger once its lazy samples arrive.
  const phone = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: await page.context().storageState(),
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  const onPhone = await phone.newPage();
  await onPhone.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { largestPaints: seen });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        seen.push((entry as PerformanceEntry & { element?: Element }).element?.getAttribute("alt") ?? "");
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  await onPhone.goto("/app/style");
  const phoneSamples = onPhone.getByRole("list", { name: "Your styles" }).getByRole("img", { name: /^Weighed: / });
  await expect(phoneSamples).toHaveCount(4);
  const boxes = await phoneSamples.evaluateAll((all) =>
    all.map((img) => img.getBoundingClientRect().toJSON() as DOMRect),
  );
  for (const box of boxes) expect(Number.isInteger(box.width), `sample width ${box.width}`).toBe(true);
  expect(Number.isInteger(boxes[2]!.y - boxes[0]!.y), "rows a whole number of pixels apart").toBe(true);
  await expect
    .poll(() => phoneSamples.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).complete)))
    .toBe(true);
  // Two frames on, every sample that arrived has been painted and counted.
  await onPhone.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
  const largest = await onPhone.evaluate(() => (window as unknown as { largestPaints: string[] }).largestPaints);
  expect(largest.at(-1)).toBe(await phoneSamples.first().getAttribute("alt"));
  await phone.close();
});

test("a signed-in page is sent in the encoding the browser prefers, the same document in each", async ({ page }) => {
  await signInWithApi(page);
  await createStyleWithApi(page, "Encoded");
  const sentAs = (accepted: string) => page.request.get("/app", { headers: { "Accept-Encoding": accepted } });
  const plain = await sentAs("identity");
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  const html = await plain.text();
  expect(html).toContain("Encoded");
  // Browsers send the first; the kept document answers the repeats, compressed once for each.
  const encodings = [
    ["gzip, deflate, br, zstd", "zstd"],
    ["gzip, deflate, br, zstd", "zstd"],
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
  ];
  for (const [accepted, sent] of encodings) {
    const response = await sentAs(accepted!);
    expect(response.headers()["content-encoding"], accepted).toBe(sent);
    expect(response.headers()["vary"], accepted).toMatch(/accept-encoding/i);
    expect(Number(response.headers()["content-length"]), accepted).toBeLessThan(html.length / 3);
    // Playwright's request client decodes gzip and Brotli; zstd is decoded here.
    const body = sent === "zstd" ? zstdDecompressSync(await response.body()).toString() : await response.text();
    expect(body, accepted).toBe(html);
  }
});

test("Chromium reads a signed-in page sent in zstd", async ({ page }) => {
  await signInWithApi(page);
  await createStyleWithApi(page, "Zstandard");
  const document = page.waitForResponse((response) => new URL(response.url()).pathname === "/app/style");
  await page.goto("/app/style");
  expect((await document).headers()["content-encoding"]).toBe("zstd");
  await expect(page.getByRole("heading", { name: "Styles", level: 1 })).toBeVisible();
  await expect(page.getByText("Zstandard").first()).toBeVisible();
});
