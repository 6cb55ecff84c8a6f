import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startFakeOpenAI } from "../fakes/openai-images";
import { signInToApp, uniqueEmail } from "./support/auth";
import { createStyleInUi } from "./support/styles";
import { e2ePorts } from "./support/ports";

// Web and worker as separate processes on PostgreSQL: the web process only enqueues,
// the worker generates, and progress reaches the browser through LISTEN/NOTIFY.
const adminUrl = process.env.TEST_DATABASE_URL;
test.skip(!adminUrl, "needs TEST_DATABASE_URL (a PostgreSQL server)");

const port = e2ePorts.scaleApp;
const fakeOpenAIPort = e2ePorts.scaleOpenai;
const base = `http://localhost:${port}`;
const dbName = `motif_e2e_scale_${process.pid}`;
const processes: ChildProcess[] = [];
let dataDir: string;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let workerEnv: NodeJS.ProcessEnv;

function startWorker(): ChildProcess {
  const worker = spawn(process.execPath, ["scripts/worker.mjs"], { env: workerEnv, stdio: "inherit" });
  processes.push(worker);
  return worker;
}

test.beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  dataDir = mkdtempSync(path.join(tmpdir(), "motif-scale-"));
  const url = new URL(adminUrl!);
  url.pathname = `/${dbName}`;
  // Each image takes 1.5 s, so a worker can be stopped in the middle of a job.
  fake = await startFakeOpenAI(fakeOpenAIPort);
  fake.control.latencyMs = 1_500;
  const env = {
    ...process.env,
    IMAGE_PROVIDER: "openai",
    OPENAI_API_KEY: "sk-test",
    OPENAI_BASE_URL: `${fake.url}/v1`,
    JOB_HEARTBEAT_SECONDS: "10",
    NODE_ENV: "production",
    DATABASE_URL: url.href,
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    SMTP_URL: `smtp://127.0.0.1:${e2ePorts.smtp}`,
    LOG_LEVEL: "warn",
    SIGNIN_LIMIT_PER_IP: "1000",
  };
  processes.push(
    spawn(process.execPath, ["server.mjs"], {
      env: { ...env, PORT: String(port), HOST: "127.0.0.1", WORKER: "off" },
      stdio: "inherit",
    }),
  );
  workerEnv = env;
  await expect
    .poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
    .toBe(200);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  for (const child of processes) child.kill("SIGTERM");
  await Promise.all(
    processes.map(
      (child) =>
        new Promise((resolve) =>
          child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.on("exit", resolve),
        ),
    ),
  );
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
  await fake.close();
});

test.describe.configure({ mode: "serial" });

test("a separate worker process generates; the web process streams its progress", async ({ page }) => {
  test.setTimeout(90_000);
  startWorker();
  await signInToApp(page, uniqueEmail("scale"), base);
  await page.goto(`${base}/app/style`);
  const card = await createStyleInUi(page, { name: "Two processes", description: "Isometric low-poly buildings" });
  await expect(card.getByRole("img")).toHaveCount(4, { timeout: 30_000 });
  await expect(page.getByTestId("credit-badge")).toContainText("88");
});

test("a worker killed mid-job: another worker finishes it, with one charge", async ({ page }) => {
  test.setTimeout(150_000);
  const doomed = processes.at(-1)!;
  await signInToApp(page, uniqueEmail("crash"), base);
  await page.goto(`${base}/app/style`);
  const card = await createStyleInUi(page, { name: "Survivor", description: "Soft clay figures" });
  await expect(card.getByTestId("style-progress")).toContainText("1 of 4", { timeout: 30_000 });

  doomed.kill("SIGKILL");
  startWorker();
  await expect(card.getByRole("img")).toHaveCount(4, { timeout: 120_000 });
  await expect(card).toHaveAttribute("data-status", "succeeded");
  await expect(page.getByTestId("credit-badge")).toContainText("88");
});
