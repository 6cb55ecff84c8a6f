import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { e2ePorts } from "./support/ports";
import { startServerProcess, waitForHealth } from "./support/server-process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// The production server as an operator runs it: start, refuse a second process
// on the same embedded database, and stop cleanly on SIGTERM.

const startServer = (port: number, dataDir: string) => startServerProcess(port, dataDir);

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
  first = startServer(e2ePorts.processApp, dataDir);
  await waitForHealth(e2ePorts.processApp);
  const second = startServer(e2ePorts.processApp + 1, dataDir);
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain("is already open in another Motif process");
  expect(second.output()).toContain("DATABASE_URL");
});

test("SIGTERM finishes, closes the database and exits 0; the folder opens again", async () => {
  test.setTimeout(90_000);
  first!.child.kill("SIGTERM");
  expect(await first!.exited).toBe(0);
  const again = startServer(e2ePorts.processApp + 2, dataDir);
  await waitForHealth(e2ePorts.processApp + 2);
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
