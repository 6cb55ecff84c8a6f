import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freeLoopbackPort } from "../support/free-port";
import { signInWithApi, uniqueEmail } from "./support/auth";
import { expectNoViolations } from "./support/axe";
import { createStyleWithApi } from "./support/objects";
import { e2ePorts } from "./support/ports";
import { startServerProcess, waitForHealth } from "./support/server-process";

// An operator's model address that nothing answers: named in the log at start, marked on
// the setup page, and marked in the composer, where it cannot take anyone's credits.

const port = e2ePorts.unreachableApp;
const base = `http://localhost:${port}`;

let dataDir: string;
let server: ReturnType<typeof startServerProcess>;
let deadHost: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "motif-unreachable-"));
  deadHost = `127.0.0.1:${await freeLoopbackPort()}`;
  server = startServerProcess(port, dataDir, {
    LOG_LEVEL: "warn",
    PUBLIC_URL: base,
    SMTP_URL: `smtp://127.0.0.1:${e2ePorts.smtp}`,
    SIGNIN_LIMIT_PER_IP: "1000",
    IMAGE_PROVIDERS: "openai,offline",
    OPENAI_API_KEY: "sk-test",
    OPENAI_BASE_URL: `http://${deadHost}/v1`,
  });
  await waitForHealth(port);
});
test.afterAll(async () => {
  server?.child.kill("SIGKILL");
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

test("a model nothing answers is named at start, marked in the composer and on the setup page, and takes no credits", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await expect.poll(() => server.output(), { timeout: 20_000 }).toContain(`OpenAI Images API at ${deadHost}`);
  expect(server.output()).toContain("cannot be reached");

  // The first account on the instance is its operator.
  await signInWithApi(page, uniqueEmail("unreachable"), base);
  // Its samples made with the preview engine: the default model is the unreachable one.
  await createStyleWithApi(page, "Offline icons", base, { defaultModel: "offline" });
  await page.goto(`${base}/app`);
  await page.getByRole("radio", { name: /Offline icons/ }).check();
  await page.getByLabel("Objects", { exact: true }).fill("Brass lantern");

  const model = page.getByLabel("Model", { exact: true });
  await model.selectOption("openai");
  await expect(model.locator("option", { hasText: "OpenAI" })).toHaveText(
    "OpenAI gpt-image-1.5 · 3 credits an image · Not reachable — ask your operator",
  );
  const note = page.getByTestId("model-unreachable");
  await expect(note).toHaveText("OpenAI gpt-image-1.5 is not reachable right now — ask your operator.");
  await expect(page.getByTestId("generate-objects")).toBeDisabled();
  await expectNoViolations(page, "composer with an unreachable model");

  await model.selectOption("offline");
  await expect(note).toBeHidden();
  await expect(page.getByTestId("generate-objects")).toBeEnabled();

  await page.goto(`${base}/app/setup`);
  const engine = page.getByRole("region", { name: "OpenAI Images API" });
  await expect(engine.getByText("Not reachable", { exact: true })).toBeVisible();
  await expect(engine).toContainText(`Not reachable (`);
  await expect(engine).toContainText(deadHost);
  await expectNoViolations(page, "setup page with an unreachable model");
});
