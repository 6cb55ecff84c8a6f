import { spawn } from "node:child_process";
import { webProcessFlags } from "./web-process-flags";

/** The production server (server.mjs) as an operator runs it, with its output kept for assertions. */
export function startServerProcess(port: number, dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...webProcessFlags, "server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  return {
    child,
    exited,
    output: () => output,
    /** undefined while the process runs. */
    exitCode: () => exitCode,
  };
}

export type ServerProcess = ReturnType<typeof startServerProcess>;

/**
 * Waits until the server on `port` answers /healthz. A fresh data folder's database is made and
 * migrated first: about 8 s on an idle 2-core machine, several times that beside the rest of a suite.
 */
export async function waitForHealth(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status;
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`The server on port ${port} did not answer /healthz in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
