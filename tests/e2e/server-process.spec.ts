import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// The production server as an operator runs it: start, refuse a second process
// on the same embedded database, and stop cleanly on SIGTERM.

function startServer(port: number, dataDir: string) {
  const child = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number) {
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status ?? 0, {
      // A fresh data folder's database is made and migrated first: about 8 s on an idle 2-core
      // machine, several times that beside the rest of the suite.
      timeout: 60_000,
    })
    .toBe(200);
}

test.describe.configure({ mode: "serial" });

let dataDir: string;
let first: ReturnType<typeof startServer> | undefined;
test.beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "motif-process-"));
});
test.afterAll(() => {
  (first?.child as ChildProcess | undefined)?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

test("a second process on the same embedded database is refused with a clear message", async () => {
  test.setTimeout(120_000);
  first = startServer(3230, dataDir);
  await waitForHealth(3230);
  const second = startServer(3231, dataDir);
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain("is already open in another Motif process");
  expect(second.output()).toContain("DATABASE_URL");
});

test("SIGTERM finishes, closes the database and exits 0; the folder opens again", async () => {
  test.setTimeout(90_000);
  first!.child.kill("SIGTERM");
  expect(await first!.exited).toBe(0);
  const again = startServer(3232, dataDir);
  await waitForHealth(3232);
  again.child.kill("SIGTERM");
  expect(await again.exited).toBe(0);
});

test("a bad setting stops the start with a message naming it", async () => {
  const bad = spawn(process.execPath, ["server.mjs"], {
    env: { ...process.env, NODE_ENV: "production", PORT: "not-a-port", DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  bad.stderr.on("data", (d) => (output += d));
  const code = await new Promise((resolve) => bad.on("exit", resolve));
  expect(code).toBe(1);
  expect(output).toContain("Invalid configuration");
  expect(output).toContain("PORT");
});
