import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// A script that loads the tuning as server.mjs does and says what it runs with.
const folder = mkdtempSync(join(tmpdir(), "malloc-tuning-"));
const probe = join(folder, "probe.mjs");
writeFileSync(
  probe,
  `import ${JSON.stringify(resolve("scripts/malloc-tuning.mjs"))};\n` +
    `console.log(JSON.stringify({ pid: process.pid, argv: process.argv.slice(2), execArgv: process.execArgv, ` +
    `threshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? null, arenas: process.env.MALLOC_ARENA_MAX ?? null }));\n`,
);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function run(env: Record<string, string | undefined>) {
  const clean = { ...process.env };
  delete clean.MALLOC_MMAP_THRESHOLD_;
  delete clean.MALLOC_ARENA_MAX;
  const child = spawnSync(process.execPath, ["--max-semi-space-size=8", probe, "one", "two"], {
    env: { ...clean, ...env },
    encoding: "utf8",
  });
  expect(child.status, child.stderr).toBe(0);
  const seen = JSON.parse(child.stdout) as {
    pid: number;
    argv: string[];
    execArgv: string[];
    threshold: string | null;
    arenas: string | null;
  };
  return { ...seen, childPid: child.pid };
}

// Linux only: elsewhere the module does nothing.
if (process.platform === "linux")
  describe("glibc's malloc settings for server processes", () => {
    it("restarts the process in place with them, keeping its pid, flags and arguments", () => {
      const seen = run({});
      expect(seen).toMatchObject({ threshold: "131072", arenas: "2", argv: ["one", "two"] });
      expect(seen.execArgv).toEqual(["--max-semi-space-size=8"]);
      expect(seen.pid).toBe(seen.childPid);
    });

    it("keeps an operator's own values", () => {
      expect(run({ MALLOC_MMAP_THRESHOLD_: "262144", MALLOC_ARENA_MAX: "4" })).toMatchObject({
        threshold: "262144",
        arenas: "4",
      });
      expect(run({ MALLOC_ARENA_MAX: "8" })).toMatchObject({ threshold: "131072", arenas: "8" });
    });
  });
