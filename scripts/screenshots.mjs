// Screenshots of pages in light and dark, at 375 px and 1440 px wide.
// Usage: node scripts/screenshots.mjs <baseURL> <outDir> [path ...]
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/e2e/support/chromium.ts";
import { mkdirSync } from "node:fs";
import path from "node:path";

const [baseURL = "http://localhost:3000", outDir = "test-results/screenshots", ...paths] = process.argv.slice(2);
const cookie = process.env.SCREENSHOT_COOKIE; // "name=value" for signed-in pages
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch(chromiumLaunchOptions);
for (const colorScheme of ["light", "dark"]) {
  for (const width of [375, 1440]) {
    const context = await browser.newContext({ colorScheme, viewport: { width, height: 900 } });
    if (cookie) {
      const [name, ...value] = cookie.split("=");
      await context.addCookies([{ name, value: value.join("="), url: baseURL }]);
    }
    const page = await context.newPage();
    for (const p of paths.length ? paths : ["/"]) {
      await page.goto(new URL(p, baseURL).href, { waitUntil: "networkidle" });
      // Scroll through once so lazy images load before the full-page shot.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 50));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState("networkidle");
      const name = `${p.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}-${colorScheme}-${width}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: !process.env.VIEWPORT_ONLY });
      console.log(path.join(outDir, name));
    }
    await context.close();
  }
}
await browser.close();
