import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/e2e/support/chromium";
import { e2ePorts } from "./tests/e2e/support/ports";
import { webProcessFlags } from "./tests/support/web-process-flags";

const baseURL = `http://localhost:${e2ePorts.app}`;

/**
 * The production build (run `react-router build` first), on a fresh database: a database of its
 * own on the test PostgreSQL server when there is one (`onServer`), else the embedded one.
 */
function appServer(port: number, dataDir: string, env: Record<string, string> = {}, onServer = true) {
  const database = onServer ? `"$(node tests/e2e/support/fresh-database.ts motif_e2e_${port})"` : '""';
  return {
    command: `rm -rf ${dataDir} && DATABASE_URL=${database} node ${webProcessFlags.join(" ")} server.mjs`,
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe" as const,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: "warn",
      SMTP_URL: `smtp://127.0.0.1:${e2ePorts.smtp}`,
      MAIL_FROM: "Motif <motif@example.com>",
      SIGNIN_LIMIT_PER_IP: "1000",
      SIGNIN_LIMIT_PER_EMAIL: "5",
      GITHUB_CLIENT_ID: "fake-github-client",
      GITHUB_CLIENT_SECRET: "fake-github-secret",
      GITHUB_URL: `http://127.0.0.1:${e2ePorts.github}`,
      GITHUB_API_URL: `http://127.0.0.1:${e2ePorts.github}`,
      ...env,
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // The JSON report feeds the slowest files `npm test` prints (scripts/slowest-tests.mjs).
  reporter: [
    ["list"],
    ["json", { outputFile: "test-results/playwright.json" }],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
  ],
  // The longest flows (several sign-ins, dialogs, a generation) take 30–45 s when the machine is busy.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A trace records every step as it runs; CI keeps no files, so it records none there.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      command: `node tests/fakes/smtp-capture.ts ${e2ePorts.smtp} ${e2ePorts.smtpApi}`,
      url: `http://127.0.0.1:${e2ePorts.smtpApi}/healthz`,
      reuseExistingServer: false,
    },
    {
      command: `node tests/fakes/oauth-github.ts ${e2ePorts.github}`,
      url: `http://127.0.0.1:${e2ePorts.github}/healthz`,
      reuseExistingServer: false,
    },
    // Operators are named, so which test signs in first does not matter. Its previews are
    // priced like a model's, so the billing flows are tested end to end; the second
    // instance keeps the default: free previews.
    appServer(e2ePorts.app, "data/e2e", {
      ADMIN_EMAILS:
        "operator@example.com,operator-2@example.com,operator-setup-light@example.com,operator-setup-dark@example.com",
      PREVIEW_PRICE: "standard",
      // The tests' webhook receivers listen on this machine.
      WEBHOOK_ALLOWED_NETWORKS: "127.0.0.1",
      // Each answer names the statements it ran (page-weight.spec.ts counts a page's).
      SERVER_TIMING: "true",
    }),
    // A second instance whose sign-in links expire after 9 s, whose sign-up grant is 250, and
    // without PUBLIC_URL or a database server, as `npm start` runs on someone's machine (every
    // loopback name works, the database is embedded).
    appServer(
      e2ePorts.shortLinks,
      "data/e2e-short-links",
      { LOGIN_LINK_TTL_MINUTES: "0.15", SIGNUP_CREDITS: "250", PUBLIC_URL: "" },
      false,
    ),
    {
      command: `node tests/fakes/openai-images.ts ${e2ePorts.openai}`,
      url: `http://127.0.0.1:${e2ePorts.openai}/healthz`,
      reuseExistingServer: false,
    },
    {
      command: `node tests/fakes/gemini-api.ts ${e2ePorts.gemini}`,
      url: `http://127.0.0.1:${e2ePorts.gemini}/healthz`,
      reuseExistingServer: false,
    },
    {
      command: `node tests/fakes/comfyui.ts ${e2ePorts.comfyui}`,
      url: `http://127.0.0.1:${e2ePorts.comfyui}/healthz`,
      reuseExistingServer: false,
    },
    {
      command: `node tests/fakes/stripe-api.ts ${e2ePorts.stripe} http://127.0.0.1:${e2ePorts.openaiApp}/api/stripe/webhook whsec_motiffake`,
      url: `http://127.0.0.1:${e2ePorts.stripe}/healthz`,
      reuseExistingServer: false,
    },
    {
      command: `node tests/fakes/fal-api.ts ${e2ePorts.fal}`,
      url: `http://127.0.0.1:${e2ePorts.fal}/healthz`,
      reuseExistingServer: false,
    },
    {
      command: `FAKE_A1111_AUTH=motif:webui-secret node tests/fakes/a1111-api.ts ${e2ePorts.a1111}`,
      url: `http://127.0.0.1:${e2ePorts.a1111}/healthz`,
      reuseExistingServer: false,
    },
    // A fifth offering a self-hosted Stable Diffusion WebUI (the default) beside the preview engine.
    appServer(e2ePorts.a1111App, "data/e2e-a1111", {
      IMAGE_PROVIDERS: "a1111,offline",
      A1111_URL: `http://127.0.0.1:${e2ePorts.a1111}`,
      A1111_AUTH: "motif:webui-secret",
      A1111_MODEL: "sd_xl_base_1.0.safetensors",
      PROVIDER_MAX_ATTEMPTS: "2",
      ADMIN_EMAILS: "operator-a1111@example.com",
    }),
    // A fourth offering the preview engine and fal (a local fake of its queue), which trains styles and characters.
    appServer(e2ePorts.learningApp, "data/e2e-learning", {
      IMAGE_PROVIDERS: "offline,fal",
      FAL_KEY: "fal-key-id:fal-key-secret",
      FAL_BASE_URL: `http://127.0.0.1:${e2ePorts.fal}`,
      TRAINING_PRICES: "fal=600",
      TRAINING_POLL_SECONDS: "0.5",
      // Enough for a training (300 credits at the quick preset) and the sets after it.
      SIGNUP_CREDITS: "1000",
      ADMIN_EMAILS: "operator-learning@example.com",
    }),
    // A third offering three models, OpenAI (the default), Gemini and ComfyUI, against local fakes of their APIs.
    appServer(e2ePorts.openaiApp, "data/e2e-openai", {
      IMAGE_PROVIDERS: "openai,gemini,comfyui",
      OPENAI_API_KEY: "sk-test",
      OPENAI_BASE_URL: `http://127.0.0.1:${e2ePorts.openai}/v1`,
      GEMINI_API_KEY: "gemini-test-key",
      GEMINI_BASE_URL: `http://127.0.0.1:${e2ePorts.gemini}`,
      // Twice the standard prices, so the composer's price visibly follows the model.
      GEMINI_PRICE: "2",
      COMFYUI_URL: `http://127.0.0.1:${e2ePorts.comfyui}`,
      // ComfyUI offers the AI upscale too, with the shipped workflow (the fake has its model).
      COMFYUI_UPSCALE_WORKFLOW: "server/generation/providers/comfyui-workflows/upscale.json",
      PROVIDER_MAX_ATTEMPTS: "2",
      // Its own operator: two instances' sign-in links to one address could cross.
      ADMIN_EMAILS: "operator-openai@example.com",
      // It sells credits too, through a local fake of Stripe's API.
      STRIPE_SECRET_KEY: "sk_test_motiffake",
      STRIPE_WEBHOOK_SECRET: "whsec_motiffake",
      STRIPE_API_BASE: `http://127.0.0.1:${e2ePorts.stripe}`,
      CREDIT_PACKS: "100:5.00:usd,500:20.00:usd",
    }),
  ],
});
