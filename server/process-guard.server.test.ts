import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const guard = fileURLToPath(new URL("./process-guard.server.ts", import.meta.url));
const pino = import.meta.resolve("pino");

/** Runs `body` in a fresh Node process with the guards installed; its exit code and log lines. */
function runGuarded(body: string) {
  const script = `
    import { pino } from ${JSON.stringify(pino)};
    import { installProcessGuards, trackRunningJob } from ${JSON.stringify(guard)};
    const logger = pino({ base: null });
    installProcessGuards({ logger, onFatal: () => { console.log(JSON.stringify({ msg: "stopping" })); process.exit(1); } });
    ${body}
  `;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 20_000 });
  const lines = run.stdout
    .split("\n")
    .filter(Boolean)
    .map(
      (line) => JSON.parse(line) as { level?: number; msg: string; runningJobs?: string[]; err?: { message: string } },
    );
  return { status: run.status, lines, stderr: run.stderr };
}

describe("the process guards", () => {
  it("log a rejection nothing handled, with the jobs running then, and keep the process going", () => {
    const { status, lines } = runGuarded(`
      const done = trackRunningJob("job-1");
      Promise.reject(new Error("a body stream closed under its writer"));
      setTimeout(() => { done(); console.log(JSON.stringify({ msg: "still serving" })); }, 50);
    `);
    expect(status).toBe(0);
    const logged = lines.find((line) => line.level === 50);
    expect(logged).toMatchObject({ runningJobs: ["job-1"], err: { message: "a body stream closed under its writer" } });
    expect(logged!.msg).toMatch(/unhandled promise rejection/);
    // It went on running after the rejection.
    expect(lines).toContainEqual({ msg: "still serving" });
  });

  it("log an exception that reached the event loop as fatal and stop through onFatal, non-zero", () => {
    const { status, lines } = runGuarded(`
      setTimeout(() => { throw new Error("broken invariant"); }, 10);
      setTimeout(() => console.log(JSON.stringify({ msg: "must not run" })), 5_000);
    `);
    expect(status).toBe(1);
    // The fatal line and onFatal's own line go through different writers: their order may vary.
    const fatal = lines.find((line) => line.level === 60);
    expect(fatal).toMatchObject({ err: { message: "broken invariant" }, runningJobs: [] });
    expect(fatal!.msg).toMatch(/uncaught exception/);
    expect(lines.map((line) => line.msg).sort()).toEqual([fatal!.msg, "stopping"].sort());
  });
});
