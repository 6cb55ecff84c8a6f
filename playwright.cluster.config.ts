import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/e2e/support/chromium";

/**
 * `npm run test:cluster`: the main flows against the scale-out topology (two web processes
 * behind a load balancer, two workers, PostgreSQL, S3-compatible storage, SMTP), which the
 * spec starts itself (tests/cluster/support/cluster.ts). Needs the production build.
 */
export default defineConfig({
  testDir: "tests/cluster",
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: { trace: "retain-on-failure", launchOptions: chromiumLaunchOptions },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
});
