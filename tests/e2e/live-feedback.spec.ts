import { expect, test } from "@playwright/test";
import { signInWithApi } from "./support/auth";
import { createStyleWithApi, generateObjectsWithApi, waitForJob } from "./support/objects";

// What the user just started shows where they are looking, and live updates cost one
// page load per burst of events.

test.use({ viewport: { width: 1440, height: 900 } });

test("after Generate, the new job's card is scrolled into view, and finished jobs are headed Recent jobs", async ({
  page,
}) => {
  await signInWithApi(page);
  await createStyleWithApi(page, "Viewport icons");
  // Earlier finished jobs fill the space under the composer.
  await page.goto("/app");
  await page.getByRole("radio", { name: /Viewport icons/ }).check();
  await page.getByLabel("Objects", { exact: true }).fill("Brass lantern");
  await page.getByTestId("generate-objects").click();
  const card = page.getByTestId("job-card").filter({ hasText: "Brass lantern" });
  await expect(card).toBeInViewport();
  // Once every job has finished, the section is not headed "Running" any more.
  await expect(card).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Recent jobs", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Running", level: 2 })).toHaveCount(0);
});

test("a job made before Generate is answered shows Done, and its toast says it was made, never that it is starting", async ({
  page,
}) => {
  await signInWithApi(page);
  await createStyleWithApi(page, "Quick icons");
  await page.goto("/app");
  const card = page.getByTestId("job-card").filter({ hasText: "Brass bell" });
  // A preview can be made that fast: the answer is held until the job's card already shows Done.
  await page.route("**/api/objects", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    const response = await route.fetch();
    const { job } = (await response.json()) as { job: { id: string } };
    await waitForJob(page, job.id);
    await expect(card).toHaveAttribute("data-status", "succeeded");
    await route.fulfill({ response });
  });
  await page.getByRole("radio", { name: /Quick icons/ }).check();
  await page.getByLabel("Objects", { exact: true }).fill("Brass bell");
  await page.getByTestId("generate-objects").click();
  await expect(page.locator("[data-toast-id]").filter({ hasText: "1 object made" })).toContainText(
    "Quick icons: 3 credits spent.",
  );
  await expect(page.locator("[data-toast-id]").filter({ hasText: "Generating" })).toHaveCount(0);
  await expect(card).toHaveAttribute("data-status", "succeeded");
});

test("after Make 2 more, the object's images, where the new ones appear, are scrolled into view", async ({ page }) => {
  // On a phone the panel sits far below the images.
  await page.setViewportSize({ width: 375, height: 800 });
  await signInWithApi(page);
  const styleId = await createStyleWithApi(page, "More icons");
  const { objects, job } = await generateObjectsWithApi(page, { styleId, subjects: ["compass"] });
  // The page is laid out as it will stay once the object has its image.
  await waitForJob(page, job.id);
  await page.goto(`/app/object/${objects[0]!.id}`);
  const more = page.getByTestId("more-variations");
  await more.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2_000);
  const strip = page.getByRole("list", { name: "Images of this object" });
  await expect(strip).not.toBeInViewport();
  await more.click();
  await expect(strip).toBeInViewport();
  await expect(strip.getByRole("button")).toHaveCount(3, { timeout: 30_000 });
});

test("the styles page loads once per burst of live events while a style's samples are made", async ({ page }) => {
  await signInWithApi(page);
  await page.goto("/app/style");
  await expect(page.getByRole("heading", { name: "Styles", level: 1 })).toBeVisible();
  let loads = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/app/style.data") loads++;
  });
  await createStyleWithApi(page, "Quiet icons");
  const card = page.getByRole("article", { name: "Quiet icons", exact: true });
  await expect(card.getByRole("img")).toHaveCount(4);
  // Four samples, each its own burst at most, and the end: never one load per event.
  expect(loads).toBeGreaterThan(0);
  expect(loads).toBeLessThanOrEqual(6);
});

test("a page's data is read once: its live stream resumes from the page and replays what happened before it connected", async ({
  page,
}) => {
  await signInWithApi(page);
  await createStyleWithApi(page, "Already there");
  let loads = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/app/style.data") loads++;
  });

  // Nothing happens between the page and its stream: the page is not read a second time.
  await page.clock.install();
  const streamed = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  await page.goto("/app/style");
  const stream = await streamed;
  expect(new URL(stream.url()).searchParams.get("lastEventId")).toMatch(/^\d+$/);
  await expect(page.getByRole("article", { name: "Already there" })).toBeVisible();
  // Past every wait a reload would have been scheduled after.
  await page.clock.runFor(5_000);
  await page.evaluate(() => 0);
  expect(loads).toBe(0);

  // A style made and finished before the stream connects (it is held back until then) still
  // shows: its events are replayed from the page's starting point.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/events*", async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole("article", { name: "Already there" })).toBeVisible();
  await createStyleWithApi(page, "Made meanwhile");
  await expect(page.getByRole("article", { name: "Made meanwhile" })).toHaveCount(0);
  release();
  await page.clock.runFor(5_000);
  const card = page.getByRole("article", { name: "Made meanwhile" });
  await expect(card).toBeVisible();
  await expect(card.getByRole("img")).toHaveCount(4);
});
